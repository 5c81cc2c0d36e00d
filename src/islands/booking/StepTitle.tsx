/**
 * A wizard step's title. The wizard moves the focus to it when the step changes (so it takes focus from script
 * only, tabIndex -1), and a screen reader starts the new step there.
 */
import type { ReactNode, Ref } from "react";

export function StepTitle({ headingRef, children }: { headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h3 className="bk-step-title" tabIndex={-1} ref={headingRef}>
      {children}
    </h3>
  );
}
