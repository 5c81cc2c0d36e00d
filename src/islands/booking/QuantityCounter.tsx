/** Minus disabled at 0, plus disabled once the count reaches the variant's stock. */
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";

interface Props {
  name: string;
  value: number;
  max: number;
  disabled?: boolean;
  texts: BookingTexts;
  onChange(value: number): void;
}

export function QuantityCounter({ name, value, max, disabled = false, texts, onChange }: Props) {
  return (
    <div className="bk-counter" role="group" aria-label={fill(texts["booking.quantity.label"], { name })}>
      <button
        type="button"
        className="bk-counter-btn"
        aria-label={fill(texts["booking.quantity.decrease"], { name })}
        disabled={disabled || value <= 0}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="bk-counter-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="bk-counter-btn"
        aria-label={fill(texts["booking.quantity.increase"], { name })}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
