/** Calls `onChange` after every history navigation: pushState, replaceState and popstate. */
export function watchHistory(onChange: () => void): void {
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name].bind(history);
    history[name] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      onChange();
    };
  }
  addEventListener('popstate', onChange);
}
