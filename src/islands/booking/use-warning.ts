/** Clicking the disabled continue button shows a warning for 4 s, then hides it. */
import { useCallback, useEffect, useRef, useState } from "react";

export const WARNING_MS = 4_000;

export function useWarning() {
  const [warning, setWarning] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const warn = useCallback((message: string) => {
    clearTimeout(timer.current);
    setWarning(message);
    timer.current = setTimeout(() => setWarning(null), WARNING_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { warning, warn };
}
