/** The back camera's picture while the door waits for a ticket; each code read is handed to `onScan`. */
import { useEffect, useId, useRef, useState } from "react";
import type { Html5Qrcode } from "html5-qrcode";
import { createReader, SCANNER_DELAY_MS } from "./qr-reader";

interface Props {
  label: string;
  startingText: string;
  onScan: (text: string) => void;
  onUnavailable: () => void;
}

export function CameraView({ label, startingText, onScan, onUnavailable }: Props) {
  const id = `door-camera-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const [running, setRunning] = useState(false);
  const handlers = useRef({ onScan, onUnavailable });
  handlers.current = { onScan, onUnavailable };

  useEffect(() => {
    let leaving = false;
    let reader: Html5Qrcode | undefined;
    let started: Promise<unknown> = Promise.resolve();
    void (async () => {
      reader = await createReader(id);
      if (leaving) return;
      started = reader.start(
        { facingMode: "environment" },
        { fps: 1000 / SCANNER_DELAY_MS, qrbox: (width, height) => ({ width: Math.floor(Math.min(width, height) * 0.8), height: Math.floor(Math.min(width, height) * 0.8) }) },
        (text) => {
          if (!leaving) handlers.current.onScan(text);
        },
        () => undefined,
      );
      await started;
      if (!leaving) setRunning(true);
    })().catch(() => {
      if (!leaving) handlers.current.onUnavailable();
    });
    return () => {
      leaving = true;
      // Stop only once started: html5-qrcode refuses to stop a camera that is still starting.
      void started
        .then(() => (reader?.isScanning ? reader.stop() : undefined))
        .then(() => reader?.clear())
        .catch(() => undefined);
    };
  }, [id]);

  return (
    <div className="door-camera">
      <div id={id} className="door-camera-view" role="img" aria-label={label} />
      {!running && <p className="door-camera-starting">{startingText}</p>}
    </div>
  );
}
