/**
 * The lead forms hydrate on first interaction, and a click on the date field opens the browser's picker at
 * once: this page script gives every lead-form date field its earliest day (today, in Bogotá) before React
 * does, so past days are disabled from the first click, as they were when the forms hydrated on idle.
 */
import { todayIso } from "../../shared/format/today";

const today = todayIso();
for (const input of document.querySelectorAll<HTMLInputElement>('.lead-form input[type="date"]')) input.min = today;
