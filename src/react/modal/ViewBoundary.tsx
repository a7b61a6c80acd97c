'use client'
import { Component, type ReactNode } from 'react'

interface ViewBoundaryProps {
  children: ReactNode
  /** What to show instead of a view that failed to load or to render. */
  fallback: (retry: () => void) => ReactNode
  onRetry: () => void
  onError: (error: unknown) => void
}

/**
 * Keeps a failing view inside the modal: a load or render error becomes an error state
 * with Retry instead of unmounting the host app.
 */
export class ViewBoundary extends Component<ViewBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error)
  }

  retry = (): void => {
    this.props.onRetry()
    this.setState({ failed: false })
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children
  }
}
