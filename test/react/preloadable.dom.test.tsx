import { act } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { preloadable } from '../../src/react/preloadable'
import { makeKernel, modal, openOn, renderWith, settle } from './fixtures'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('preloadable components on the Connect view', () => {
  it("start loading in the provider's first render, before the modal opens", async () => {
    const kernel = makeKernel()
    const method = deferred<{ default: () => ReactElement }>()
    const row = deferred<{ default: () => ReactElement }>()
    const loadMethod = vi.fn(() => method.promise)
    const loadRow = vi.fn(() => row.promise)
    kernel.slots.contribute('connectMethods', {
      id: 'extra',
      order: 50,
      label: 'Extra',
      component: preloadable(loadMethod),
    })
    kernel.slots.contribute('connectorTypes', {
      id: 'extraRows',
      order: 150,
      component: preloadable(loadRow),
    })
    renderWith(kernel)
    // In the provider's first render, not once the dialog has loaded and prerenders the
    // view (which would render them too): a click may come as soon as the button paints.
    expect(loadMethod).toHaveBeenCalledTimes(1)
    expect(loadRow).toHaveBeenCalledTimes(1)
    await settle()
    expect(kernel.getState().modal.open).toBe(false)

    await act(async () => {
      method.resolve({ default: () => <p>extra method</p> })
      row.resolve({ default: () => <li>extra row</li> })
    })
    await openOn(kernel, 'Connect')
    expect(modal().getByText('extra method')).toBeTruthy()
    expect(modal().getByText('extra row')).toBeTruthy()
    // Loaded once, however often it rendered.
    expect(loadMethod).toHaveBeenCalledTimes(1)
  })

  it('once loaded, renders in the same commit as the view: no wait after the click', async () => {
    const kernel = makeKernel()
    const Extra = preloadable(async () => ({ default: () => <p>ready at once</p> }))
    await Extra.preload()
    kernel.slots.contribute('connectMethods', { id: 'extra', order: 50, label: 'Extra', component: Extra })
    renderWith(kernel)
    await settle()
    // A synchronous act: nothing may be left to load after the open.
    act(() => kernel.open({ view: 'Connect' }))
    expect(modal().getByText('ready at once')).toBeTruthy()
  })

  it('a failed load is tried again by the next preload', async () => {
    let calls = 0
    const Extra = preloadable(async () => {
      calls++
      if (calls === 1) throw new Error('chunk failed')
      return { default: () => <p>second try</p> }
    })
    await expect(Extra.preload()).rejects.toThrow('chunk failed')
    await expect(Extra.preload()).resolves.toBeTypeOf('function')
    expect(calls).toBe(2)
    // And again: loaded, it is not fetched a third time.
    await Extra.preload()
    expect(calls).toBe(2)
  })
})
