// Keeps one section of a screen from taking the whole screen down: if it throws while rendering, the rest
// of the screen keeps working and the section offers to try again. Used around the web-analytics charts,
// which are another feature's code living on the main panel.
import { Component, type ReactNode } from 'react';

export class SectionBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A dashboard section failed to render', error);
  }

  private readonly retry = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
