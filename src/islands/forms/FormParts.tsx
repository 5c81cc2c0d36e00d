/** The send button and thank-you text every lead form shares. */
import { useEffect, useRef } from "react";
import type { LeadFormTexts } from "./texts";

export function SendButton({ texts, enabled, busy, hidden }: { texts: LeadFormTexts; enabled: boolean; busy: boolean; hidden?: boolean }) {
  if (hidden) return null;
  return (
    <button type="submit" className="btn btn-primary lead-send" disabled={!enabled} aria-busy={busy || undefined}>
      {busy ? texts["leadform.sending"] : texts["leadform.send"]}
    </button>
  );
}

/** Announced politely, and focused when it appears so keyboard users are not left on a vanished control. */
export function ThankYou({ texts, shown }: { texts: LeadFormTexts; shown: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return (
    <div role="status" className="lead-status">
      {shown ? (
        <p ref={ref} tabIndex={-1} className="lead-thanks">
          {texts["leadform.thanks"]}
        </p>
      ) : null}
    </div>
  );
}
