import { act, fireEvent } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeKernel, modal, openOn, renderWith, settle, shadowRoot } from './fixtures'

afterEach(() => vi.restoreAllMocks())

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('lazy views', () => {
  it('shows a skeleton until the module loads, then its default export', async () => {
    const kernel = makeKernel()
    const pending = deferred<{ default: () => ReactElement }>()
    kernel.views.register({ id: 'Slow', title: 'Slow view', load: () => pending.promise })
    renderWith(kernel)
    await openOn(kernel, 'Slow')
    expect(shadowRoot().querySelector('[data-latchkit=skeleton]')).not.toBeNull()
    expect(modal().getByRole('heading').textContent).toBe('Slow view')
    await act(async () => pending.resolve({ default: () => <p>slow content</p> }))
    await settle()
    expect(modal().getByText('slow content')).toBeTruthy()
    expect(shadowRoot().querySelector('[data-latchkit=skeleton]')).toBeNull()
  })

  it('accepts a module that is itself the component', async () => {
    const kernel = makeKernel()
    kernel.views.register({ id: 'Bare', load: async () => () => <p>bare</p> })
    renderWith(kernel)
    await openOn(kernel, 'Bare')
    expect(modal().getByText('bare')).toBeTruthy()
  })

  it('a failing loader shows an error state; Retry loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const kernel = makeKernel({ logger: { level: 'silent' } })
    let calls = 0
    kernel.views.register({
      id: 'Flaky',
      load: async () => {
        calls++
        if (calls === 1) throw new Error('chunk failed')
        return { default: () => <p>loaded at last</p> }
      },
    })
    renderWith(kernel)
    await openOn(kernel, 'Flaky')
    expect(modal().getByRole('alert').textContent).toContain('This screen could not be loaded')
    // Async act: the retried load suspends, and a sync act would not wait for it.
    await act(async () => fireEvent.click(modal().getByRole('button', { name: 'Try again' })))
    await settle()
    expect(calls).toBe(2)
    expect(modal().getByText('loaded at last')).toBeTruthy()
  })

  it('a module without a component is a load failure, not a blank modal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const kernel = makeKernel({ logger: { level: 'silent' } })
    kernel.views.register({ id: 'Empty', load: async () => ({ default: 42 }) })
    renderWith(kernel)
    await openOn(kernel, 'Empty')
    expect(modal().getByRole('alert').textContent).toContain('This screen could not be loaded')
  })

  it('a view that throws while rendering stays inside the modal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const kernel = makeKernel({ logger: { level: 'silent' } })
    kernel.views.register({
      id: 'Broken',
      load: async () => ({
        default: () => {
          throw new Error('boom')
        },
      }),
    })
    renderWith(kernel)
    await openOn(kernel, 'Broken')
    expect(modal().getByRole('alert')).toBeTruthy()
    expect(modal().getByRole('dialog')).toBeTruthy()
  })

  it('an unknown view id shows a clear error state', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'NoSuchView')
    expect(modal().getByRole('alert').textContent).toContain('Unknown view "NoSuchView"')
    expect(modal().queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('a view registered after the modal opened on its id appears', async () => {
    const kernel = makeKernel()
    renderWith(kernel)
    await openOn(kernel, 'Late')
    expect(modal().getByRole('alert')).toBeTruthy()
    await act(async () => {
      kernel.views.register({ id: 'Late', load: async () => ({ default: () => <p>late view</p> }) })
    })
    await settle()
    expect(modal().getByText('late view')).toBeTruthy()
  })
})
