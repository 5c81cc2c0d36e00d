/** Steps 0 to 3: a past step can be clicked, the current one is marked, later ones wait. */
import { STEPS } from "../../stores/booking";
import { Icon } from "./Icon";
import type { BookingTexts } from "./texts";

const STEP_KEYS = ["booking.step.categories", "booking.step.addresses", "booking.step.passengers", "booking.step.confirm"] as const;

interface Props {
  stepIndex: number;
  texts: BookingTexts;
  onGo(step: number): void;
}

export function Stepper({ stepIndex, texts, onGo }: Props) {
  if (stepIndex > STEPS.confirm) return null;
  return (
    <nav className="bk-stepper" aria-label={texts["booking.stepper.label"]}>
      <ol>
        {STEP_KEYS.map((key, index) => {
          const state = index < stepIndex ? "past" : index === stepIndex ? "current" : "next";
          const content = (
            <>
              <span className="bk-step-number">{state === "past" ? <Icon name="check" size={16} /> : index + 1}</span>
              <span className="bk-step-label">{texts[key]}</span>
            </>
          );
          return (
            <li key={key} className={`bk-step is-${state}`}>
              {state === "past" ? (
                <button type="button" onClick={() => onGo(index)}>
                  {content}
                  <span className="sr-only"> ({texts["booking.stepper.done"]})</span>
                </button>
              ) : (
                <span aria-current={state === "current" ? "step" : undefined}>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
