/**
 * A passenger rates their trip (`/rate?token=…&score=N`, the links of the mail sent after the return's drop-off):
 * the score tapped in the mail comes chosen, a comment may be added, and one press sends it. Opening the link
 * never rates by itself (mail scanners open links); a trip is rated once, then the page says how.
 */
import { useEffect, useState, type FormEvent } from "react";
import { api, ApiFailure } from "../../client/api";
import { RATING_COMMENT_MAX, RATING_SCORES } from "../../shared/domain/day-report";
import type { RatingView } from "../../shared/schemas/answers/day-report";
import { fill } from "../ui/texts";
import type { RatingTexts } from "./texts";

const REFUSALS = ["rating_link_invalid", "rating_link_expired", "rating_not_open", "rating_already_given"] as const;
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (code: string): code is Refusal => (REFUSALS as readonly string[]).includes(code);

export default function RatingPage({ texts }: { texts: RatingTexts }) {
  const [query] = useState(() => new URLSearchParams(typeof window === "undefined" ? "" : window.location.search));
  const token = query.get("token") ?? "";
  const [view, setView] = useState<RatingView | null>(null);
  const [score, setScore] = useState<number | null>(() => {
    const asked = Number(query.get("score"));
    return (RATING_SCORES as readonly number[]).includes(asked) ? asked : null;
  });
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<string | null>(token ? null : texts["rating.no_link"]);
  const [sending, setSending] = useState(false);

  const refuse = (error: unknown) => {
    const code = error instanceof ApiFailure ? error.code : "";
    setProblem(isRefusal(code) ? texts[`errors.${code}`] : texts["rating.failed"]);
  };

  useEffect(() => {
    if (!token) return;
    api("GET /shop-api/ratings/:token", { params: { token } }).then(setView, refuse);
  }, [token]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (score === null || sending) return;
    setSending(true);
    setProblem(null);
    try {
      setView(await api("POST /shop-api/ratings/:token", { params: { token }, body: { score, ...(comment.trim() ? { comment: comment.trim() } : {}) } }));
    } catch (error) {
      refuse(error);
    } finally {
      setSending(false);
    }
  }

  if (problem && !view) return <p className="rating-problem" role="alert">{problem}</p>;
  if (!view) return <div className="spinner" role="status" aria-label={texts["rating.loading"]} />;
  if (view.score !== null) return <p className="rating-thanks" role="status">{fill(texts["rating.thanks"], { score: view.score })}</p>;
  return (
    <form className="rating-form" onSubmit={send}>
      <p>{fill(texts["rating.intro"], { name: view.firstName, event: view.eventName })}</p>
      <fieldset className="rating-scores">
        <legend>{texts["rating.legend"]}</legend>
        {RATING_SCORES.map((one) => (
          <label key={one} className="rating-score">
            <input type="radio" name="score" value={one} checked={score === one} onChange={() => setScore(one)} />
            <span aria-hidden="true">{"★".repeat(one)}</span>
            <span className="sr-only">{fill(texts["rating.mail.score"], { score: one })}</span>
          </label>
        ))}
      </fieldset>
      <label className="rating-comment">
        {texts["rating.comment"]}
        <textarea value={comment} maxLength={RATING_COMMENT_MAX} rows={4} onChange={(event) => setComment(event.target.value)} />
      </label>
      {problem ? (
        <p className="rating-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={score === null || sending}>
        {texts["rating.send"]}
      </button>
    </form>
  );
}
