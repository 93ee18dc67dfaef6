/** The shown screen's heading: the `<h1>` of the main landmark outside any hidden part. */
function shownHeading(): HTMLElement | null {
  const headings = document.querySelectorAll<HTMLElement>('#main h1');
  return [...headings].find((h) => !h.closest('[hidden]')) ?? null;
}

/**
 * Moves the focus to the heading of the screen being opened, once it shows (it may still be
 * loading, or the previous screen's heading may still be there: `previous` is skipped), so a
 * screen reader reads where the user is and Tab goes on into that screen. Gives up after
 * `timeoutMs`, leaving the focus on the main landmark.
 */
export function focusScreenHeading({
  from,
  previous = null,
  timeoutMs = 5000,
}: {
  /** Where the focus is now: if the user moves it elsewhere meanwhile, it is left there. */
  from: Element | null;
  previous?: Element | null;
  timeoutMs?: number;
}): Promise<void> {
  const start = Date.now();
  return new Promise((resolve) => {
    const attempt = () => {
      const active = document.activeElement;
      if (active !== from && active !== document.body && active !== null) {
        resolve();
        return;
      }
      const heading = shownHeading();
      if (heading && heading !== previous) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
        resolve();
      } else if (Date.now() - start > timeoutMs) {
        document.getElementById('main')?.focus({ preventScroll: true });
        resolve();
      } else {
        setTimeout(attempt, 30);
      }
    };
    attempt();
  });
}

/** The heading shown now, to be told apart from the next screen's. */
export function currentScreenHeading(): Element | null {
  return shownHeading();
}
