import { act, renderHook } from '@testing-library/react';
import { fakeApi } from '../../test/fakeApi';
import { useReloadOnNewVersion, VERSION_CHECK_MS } from './version';

/** A display reloads itself when /version.json names another build than its own. */

const versionUrl = 'http://localhost/version.json';

describe('useReloadOnNewVersion', () => {
  beforeEach(() => vi.useFakeTimers());

  it('reloads once a deploy brings another version, not before', async () => {
    const api = fakeApi().on('GET', versionUrl, { body: { version: 'v1' } });
    const reload = vi.fn();
    renderHook(() => useReloadOnNewVersion('v1', reload));
    await act(() => vi.advanceTimersByTimeAsync(VERSION_CHECK_MS));
    expect(api.callsTo('GET', versionUrl)).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();

    api.on('GET', versionUrl, { body: { version: 'v2' } });
    await act(() => vi.advanceTimersByTimeAsync(VERSION_CHECK_MS));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays when the file cannot be read (offline), and asks again when the network is back', async () => {
    const api = fakeApi().on('GET', versionUrl, { networkError: true });
    const reload = vi.fn();
    renderHook(() => useReloadOnNewVersion('v1', reload));
    await act(() => vi.advanceTimersByTimeAsync(VERSION_CHECK_MS));
    expect(reload).not.toHaveBeenCalled();
    api.on('GET', versionUrl, { body: { version: 'v2' } });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads a page without a build version (the dev server)', async () => {
    const api = fakeApi().on('GET', versionUrl, { body: { version: 'v2' } });
    const reload = vi.fn();
    renderHook(() => useReloadOnNewVersion('dev', reload));
    await act(() => vi.advanceTimersByTimeAsync(VERSION_CHECK_MS * 2));
    expect(api.calls).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });
});
