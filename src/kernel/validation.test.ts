import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { thrown } from '../../test/support/thrown'
import { ValidationError } from './errors'
import { parseWith } from './validation'

describe('parseWith', () => {
  const schema = z.object({ data: z.array(z.object({ id: z.string(), kind: z.enum(['a', 'b']) })) })

  it('returns the typed output', () => {
    expect(parseWith(schema, { data: [{ id: 'x', kind: 'a' }] }, 'wallet list')).toEqual({
      data: [{ id: 'x', kind: 'a' }],
    })
  })

  it('throws a ValidationError naming what and each issue path', () => {
    const error = thrown(() =>
      parseWith(
        schema,
        {
          data: [
            { id: 'x', kind: 'a' },
            { id: 1, kind: 'c' },
          ],
        },
        'wallet list',
      ),
    ) as ValidationError
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.shortMessage).toBe('Invalid input')
    expect(error.details).toContain('wallet list: data[1].id: expected string')
    expect(error.details).toContain('data[1].kind: expected one of "a", "b"')
    expect(error.data).toMatchObject({
      what: 'wallet list',
      issues: [{ path: 'data[1].id' }, { path: 'data[1].kind' }],
    })
    expect(error.cause).toBeDefined()
  })

  it('summarises long issue lists', () => {
    const error = thrown(() => parseWith(z.array(z.string()), [1, 2, 3, 4, 5], 'list'))
    expect(error.message).toContain('and 2 more')
  })
})
