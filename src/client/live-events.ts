/**
 * Following a stream of Server-Sent Events from the shop API (the live day's `…/events` routes) with fetch rather
 * than EventSource, so the staff's bearer token and the page's language go with it as with every other call. Each
 * event's JSON `data` is handed to `onEvent`; when the stream cannot be opened or breaks, `onLost` is called once
 * and the caller falls back to reading the JSON route every few seconds (and may follow again later).
 */
import { apiContext } from "./api-context";

export function followEvents(path: string, onEvent: (event: string, data: unknown) => void, onLost: () => void): () => void {
  const controller = new AbortController();
  let lost = false;
  const lose = () => {
    if (lost || controller.signal.aborted) return;
    lost = true;
    onLost();
  };
  const headers = new Headers({ accept: "text/event-stream", "x-locale": apiContext.locale() });
  const token = apiContext.token();
  if (token) headers.set("authorization", `Bearer ${token}`);
  void (async () => {
    try {
      const response = await fetch(path, { headers, signal: controller.signal, cache: "no-store" });
      if (!response.ok || !response.body) return lose();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return lose();
        buffer += value.replace(/\r\n?/g, "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
          }
          if (data.length) onEvent(event, JSON.parse(data.join("\n")));
        }
      }
    } catch {
      lose();
    }
  })();
  return () => controller.abort();
}
