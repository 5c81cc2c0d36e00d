/**
 * What the wizard needs only once a person can go past step 0 (that is, once logged in): steps 1 to 4 and
 * the discount-code entry, with react-hook-form and the step schemas they bring. One chunk, loaded by
 * use-later-steps.ts, so an anonymous visitor's step 0 hydrates without it.
 */
export { DiscountForm } from "./DiscountForm";
export { StepAddresses } from "./StepAddresses";
export { StepConfirm } from "./StepConfirm";
export { StepPassengers } from "./StepPassengers";
export { StepPayment } from "./StepPayment";
