/**
 * The lead forms hydrate on first interaction (client:interaction), so a person may already be typing while
 * React loads. react-hook-form empties each field when it registers it; this keeps the text instead: the
 * wrapped `register` notes what a field held just before that, and once the form is mounted the text is put
 * back as the events the person caused (typing, then leaving the field unless it still has focus), so the
 * form's dirty, touched and validation state are what they would have been after hydration.
 */
import { useEffect, useRef } from "react";
import type { FieldValues, UseFormRegister } from "react-hook-form";

type TextControl = HTMLInputElement | HTMLTextAreaElement;

function setTypedValue(control: TextControl, value: string) {
  // The prototype's setter, past React's value tracking, so the input event below counts as a change.
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
}

export function useEarlyInput<V extends FieldValues>(register: UseFormRegister<V>): UseFormRegister<V> {
  // Only until the first mount: later refs are react-hook-form's own business.
  const early = useRef<Map<TextControl, string> | null>(new Map());

  useEffect(() => {
    const typed = early.current;
    early.current = null;
    for (const [control, value] of typed ?? []) {
      if (!control.isConnected) continue;
      setTypedValue(control, value);
      if (control !== document.activeElement) control.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    }
  }, []);

  return (name, options) => {
    const registration = register(name, options);
    return {
      ...registration,
      ref: (element: unknown) => {
        const typed = early.current;
        if (typed && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.value) {
          typed.set(element, element.value);
        }
        registration.ref(element as TextControl | null);
      },
    };
  };
}
