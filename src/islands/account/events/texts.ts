/** The Events tab reads the account area's words (its key list includes the private-event catalogue). */
export type { AccountTexts as EventTexts } from "../texts";
