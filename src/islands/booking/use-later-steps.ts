/**
 * Loads src/islands/booking/later-steps.ts when it is wanted (a logged-in person, or a draft past step 0) and
 * hands its components over once they are there; null until then. Loaded once per page and kept, so a
 * later render gets the components at once.
 */
import { useEffect, useState } from "react";
import type * as LaterStepsModule from "./later-steps";

type LaterSteps = typeof LaterStepsModule;

let loaded: LaterSteps | null = null;
let loading: Promise<LaterSteps> | null = null;

function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import("./later-steps").then((module) => (loaded = module));
  return loading;
}

export function useLaterSteps(wanted: boolean): LaterSteps | null {
  const [steps, setSteps] = useState<LaterSteps | null>(loaded);
  useEffect(() => {
    if (steps || !wanted) return;
    let live = true;
    // A failed load is retried by the next render that wants the steps.
    loadLaterSteps().then(
      (module) => live && setSteps(module),
      () => (loading = null),
    );
    return () => {
      live = false;
    };
  }, [steps, wanted]);
  return steps;
}
