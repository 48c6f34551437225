import { beforeEach, describe, expect, it } from 'vitest';
import {
  isUpdatePromptVisible,
  outdatedQuietMs,
  reportClientOutdated,
  useUpdateStore,
} from '../../../src/state/updateStore';

const visible = (): boolean => isUpdatePromptVisible(useUpdateStore.getState());
const store = () => useUpdateStore.getState();

describe('update prompt state', () => {
  beforeEach(() => useUpdateStore.setState({ waiting: false, outdated: false, dismissedAt: null }));

  it('is hidden until a new version waits or the server says this one is out of date', () => {
    expect(visible()).toBe(false);
    store().reportWaiting();
    expect(visible()).toBe(true);
    useUpdateStore.setState({ waiting: false });
    expect(visible()).toBe(false);
    reportClientOutdated();
    expect(store().outdated).toBe(true);
    expect(visible()).toBe(true);
  });

  it('"later" hides it; a newly waiting version brings it back at once', () => {
    store().reportWaiting();
    store().dismiss(1000);
    expect(visible()).toBe(false);
    store().reportWaiting();
    expect(visible()).toBe(true);
  });

  it('after "later", out-of-date answers stay quiet for a while, then ask again', () => {
    store().reportOutdated(1000);
    store().dismiss(2000);
    store().reportOutdated(2000 + outdatedQuietMs - 1);
    expect(visible()).toBe(false);
    store().reportOutdated(2000 + outdatedQuietMs);
    expect(visible()).toBe(true);
  });

  it('does not churn the state while the outdated prompt is already up', () => {
    store().reportOutdated(1000);
    const before = store();
    store().reportOutdated(2000);
    expect(store()).toBe(before);
  });
});
