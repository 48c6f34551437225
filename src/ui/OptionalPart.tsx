import { Component, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  /** Shown instead when the part failed (its chunk could not be fetched: offline before it was ever loaded). */
  readonly fallback?: ReactNode;
}

/**
 * Around a part of the frame loaded after the first screen (menu, header menus, notices, the sync chip's details):
 * a device that went offline before that part's code arrived keeps its screen without the part, instead of the
 * route's error page taking the whole screen.
 */
export class OptionalPart extends Component<Props, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
