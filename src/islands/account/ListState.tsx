/** What a list of the caller's rows shows before or instead of its rows: a spinner, the load error, or its empty text. */
import type { AccountTexts } from "./texts";

interface Props {
  state: "loading" | "ready" | "error";
  empty: boolean;
  emptyText: string;
  texts: AccountTexts;
}

export function ListState({ state, empty, emptyText, texts }: Props) {
  if (state === "loading") return <div className="spinner" role="status" aria-label={texts["account.loading"]} />;
  if (state === "error") return <p className="empty-text">{texts["account.load_error"]}</p>;
  return empty ? <p className="empty-text">{emptyText}</p> : null;
}
