import { useEffect, useRef, useState } from 'react';

/**
 * A text field whose value lives in the URL but must answer every keystroke at once: the field
 * holds its own text and writes it to the URL (`commit`) after a pause in typing. When the URL
 * changes for another reason (back/forward, "Clear filters"), the field takes the URL's value.
 */
export function useDebouncedCommit(
  urlValue: string,
  commit: (value: string) => void,
  delayMs: number,
) {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  // The last value this field wrote; the URL catching up with it is not an outside change.
  const [written, setWritten] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  if (urlValue !== seen) {
    setSeen(urlValue);
    if (urlValue !== written) {
      setText(urlValue);
      setWritten(null);
    }
  }

  // A write still waiting when the screen goes away would navigate back to it.
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setWritten(value);
      commit(value);
    }, delayMs);
  };

  /** Drops a write that has not happened yet (the URL is about to be replaced). */
  const cancel = () => clearTimeout(timer.current);

  return { text, change, cancel };
}
