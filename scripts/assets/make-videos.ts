/**
 * The short videos the content pages embed (public/videos/): promo (about-us, wedding), how-to (how-book) and
 * companies (B2B). Each is drawn frame by frame as SVG, rasterised with sharp and encoded by ffmpeg into WebM
 * (VP9) and MP4 (H.264) plus a poster image, all well under 1 MB. The pictures carry no words, so one file
 * serves every locale; the page gives the text description in the page's language.
 *
 * Needs Debian's ffmpeg (`apt-get install -y ffmpeg`); the outputs are committed, so nobody else needs it.
 * Run: `npx tsx scripts/assets/make-videos.ts`
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const W = 640;
const H = 360;
const FPS = 24;
const ORANGE = "#c2410c";
const INK = "#1f2937";

const clamp = (v: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));
const ease = (v: number) => {
  const x = clamp(v);
  return x * x * (3 - 2 * x);
};

function vehicle(x: number, y: number, scale = 1, wheelTurn = 0): string {
  const spoke = (cx: number) =>
    `<line x1="${cx}" y1="58" x2="${cx + 7 * Math.cos(wheelTurn)}" y2="${58 + 7 * Math.sin(wheelTurn)}" stroke="#9ca3af" stroke-width="2"/>`;
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M4 52V22c0-9 6-16 16-16h66c5 0 9 2 12 6l18 22c3 3 4 6 4 10v8c0 4-3 6-6 6H10c-3 0-6-2-6-6z" fill="${ORANGE}"/>
    <path d="M18 14h22v18H12v-10c0-5 2-8 6-8zM46 14h22v18H46zM74 14h12c2 0 4 1 5 2l13 16H74z" fill="#e0f2fe"/>
    <rect x="4" y="40" width="112" height="4" fill="#fff" opacity=".7"/>
    <circle cx="30" cy="58" r="11" fill="${INK}"/><circle cx="30" cy="58" r="5" fill="#d1d5db"/>${spoke(30)}
    <circle cx="92" cy="58" r="11" fill="${INK}"/><circle cx="92" cy="58" r="5" fill="#d1d5db"/>${spoke(92)}
    <rect x="110" y="36" width="8" height="6" rx="2" fill="#fde68a"/>
  </g>`;
}

function person(x: number, y: number, color: string, opacity = 1): string {
  return `<g transform="translate(${x} ${y})" opacity="${opacity}"><circle cx="0" cy="-30" r="8" fill="#e0ac82"/><path d="M-10 0v-14c0-6 4-10 10-10s10 4 10 10V0z" fill="${color}"/></g>`;
}

function logoBadge(opacity: number): string {
  return `<g opacity="${opacity}" transform="translate(${W / 2 - 40} 24)"><rect width="80" height="80" rx="20" fill="${ORANGE}"/>
    <g transform="translate(8 14) scale(0.55)">${vehicle(0, 0, 1)}</g></g>`;
}

/** Promo: a van crosses the city at dusk and stops by a lit stage; the brand badge appears. */
function promo(t: number, duration: number): string {
  const p = t / duration;
  const drive = ease(p / 0.8);
  const cityShift = -drive * 420;
  const buildings = Array.from({ length: 14 }, (_, i) => {
    const bx = i * 80 + cityShift * 0.5;
    const h = 70 + ((i * 37) % 90);
    const windows = Array.from({ length: Math.floor(h / 22) }, (_, r) =>
      `<rect x="${bx + 14}" y="${250 - h + 10 + r * 22}" width="10" height="10" fill="#fde68a" opacity="${(i + r) % 3 ? 0.9 : 0.3}"/><rect x="${bx + 36}" y="${250 - h + 10 + r * 22}" width="10" height="10" fill="#fde68a" opacity="${(i + r) % 2 ? 0.8 : 0.25}"/>`,
    ).join("");
    return `<rect x="${bx}" y="${250 - h}" width="60" height="${h}" fill="${i % 2 ? "#334155" : "#475569"}"/>${windows}`;
  }).join("");
  const stageX = 700 - drive * 260;
  const lights = [0, 1, 2]
    .map((i) => `<path d="M${stageX + 40 + i * 50} 130L${stageX + 10 + i * 60} 250H${stageX + 70 + i * 40}z" fill="#fef08a" opacity="${0.15 + 0.25 * (0.5 + 0.5 * Math.sin(t * 6 + i * 2))}"/>`)
    .join("");
  const dash = (t * 160) % 60;
  const vehicleX = 80 + drive * 180;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="520" cy="90" r="34" fill="#fde68a" opacity=".9"/>
    ${buildings}
    <g>${lights}<rect x="${stageX}" y="200" width="160" height="50" fill="#7c2d12"/><rect x="${stageX - 6}" y="120" width="8" height="130" fill="#111827"/><rect x="${stageX + 158}" y="120" width="8" height="130" fill="#111827"/><rect x="${stageX - 6}" y="116" width="172" height="12" fill="#111827"/></g>
    <rect y="250" width="${W}" height="110" fill="#374151"/>
    ${Array.from({ length: 13 }, (_, i) => `<rect x="${i * 60 - dash * (1 - p)}" y="300" width="32" height="6" fill="#f9fafb"/>`).join("")}
    ${vehicle(vehicleX, 222 + Math.sin(t * 18) * (1 - p) * 1.5, 1, t * 12 * (1 - p))}
    ${logoBadge(ease((p - 0.82) / 0.12))}
  </svg>`;
}

/** How to book: a phone walks through five steps (ticket, date, address, passengers, QR). */
function howTo(t: number, duration: number): string {
  const steps = 5;
  const per = duration / steps;
  const index = Math.min(steps - 1, Math.floor(t / per));
  const local = (t - index * per) / per;
  const slide = (1 - ease(local / 0.25)) * 40;
  const icons = [
    `<rect x="-50" y="-30" width="100" height="60" rx="8" fill="${ORANGE}"/><circle cx="-50" cy="0" r="10" fill="#fff"/><circle cx="50" cy="0" r="10" fill="#fff"/><rect x="-20" y="-4" width="40" height="8" fill="#fff"/>`,
    `<rect x="-44" y="-40" width="88" height="80" rx="8" fill="#fff" stroke="${INK}" stroke-width="4"/><rect x="-44" y="-40" width="88" height="20" fill="${ORANGE}"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${-32 + (i % 3) * 24}" y="${-12 + Math.floor(i / 3) * 16}" width="14" height="10" fill="${i === 4 ? ORANGE : "#d1d5db"}"/>`).join("")}`,
    `<path d="M0 44C-30 10-36 -6-36 -14a36 36 0 0 1 72 0c0 8-6 24-36 58z" fill="${ORANGE}"/><circle cx="0" cy="-14" r="13" fill="#fff"/>`,
    `${person(-28, 36, "#0f766e")}${person(0, 30, ORANGE)}${person(28, 36, "#1d4ed8")}`,
    `<rect x="-44" y="-44" width="88" height="88" fill="#fff"/>${Array.from({ length: 49 }, (_, i) => ((i * 7 + (i >> 2)) % 3 === 0 ? `<rect x="${-42 + (i % 7) * 12}" y="${-42 + Math.floor(i / 7) * 12}" width="12" height="12" fill="${INK}"/>` : "")).join("")}<rect x="-42" y="-42" width="30" height="30" fill="none" stroke="${INK}" stroke-width="6"/><rect x="12" y="-42" width="30" height="30" fill="none" stroke="${INK}" stroke-width="6"/><rect x="-42" y="12" width="30" height="30" fill="none" stroke="${INK}" stroke-width="6"/>`,
  ];
  const dots = Array.from({ length: steps }, (_, i) => `<circle cx="${W / 2 - 40 + i * 20}" cy="300" r="6" fill="${i <= index ? ORANGE : "#d1d5db"}"/>`).join("");
  const tap = local > 0.6 && local < 0.8 ? `<circle cx="${W / 2 + 30}" cy="263" r="${10 + (local - 0.6) * 60}" fill="${ORANGE}" opacity="${0.5 - (local - 0.6) * 2}"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <rect width="${W}" height="${H}" fill="#fff7ed"/>
    <circle cx="90" cy="300" r="120" fill="#fed7aa"/><circle cx="580" cy="40" r="90" fill="#ffedd5"/>
    <rect x="${W / 2 - 95}" y="22" width="190" height="316" rx="28" fill="${INK}"/>
    <rect x="${W / 2 - 83}" y="40" width="166" height="280" rx="16" fill="#ffffff"/>
    <rect x="${W / 2 - 83}" y="40" width="166" height="34" rx="16" fill="${ORANGE}"/>
    <circle cx="${W / 2 - 52}" cy="112" r="20" fill="${ORANGE}"/>
    <text x="${W / 2 - 52}" y="120" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="22" font-weight="700" fill="#fff">${index + 1}</text>
    <rect x="${W / 2 - 22}" y="100" width="84" height="10" rx="5" fill="#d1d5db"/><rect x="${W / 2 - 22}" y="116" width="56" height="8" rx="4" fill="#e5e7eb"/>
    <g transform="translate(${W / 2 + slide} 182)" opacity="${ease(local / 0.25)}">${icons[index]}</g>
    <rect x="${W / 2 - 60}" y="250" width="120" height="26" rx="13" fill="${ORANGE}"/>
    ${tap}${dots}
  </svg>`;
}

/** Companies: a van follows a route, picks up four employees and arrives at the office. */
function companies(t: number, duration: number): string {
  const p = ease(t / (duration * 0.85));
  const route = [
    [60, 280],
    [200, 280],
    [260, 180],
    [400, 180],
    [460, 100],
    [560, 100],
  ] as const;
  const lengths = route.slice(1).map(([x, y], i) => Math.hypot(x - route[i]![0], y - route[i]![1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  let left = p * total;
  let pos: [number, number] = [route[0][0], route[0][1]];
  for (let i = 0; i < lengths.length; i++) {
    const len = lengths[i]!;
    const [ax, ay] = route[i]!;
    const [bx, by] = route[i + 1]!;
    if (left <= len || i === lengths.length - 1) {
      const f = clamp(left / len);
      pos = [ax + (bx - ax) * f, ay + (by - ay) * f];
      break;
    }
    left -= len;
  }
  const stops = [route[1], route[2], route[3], route[4]];
  const colors = ["#0f766e", "#1d4ed8", "#9d174d", "#7c2d12"];
  const people = stops
    .map(([sx, sy], i) => {
      const passed = Math.hypot(pos[0] - sx, pos[1] - sy) < 12 || pos[0] > sx + 10 || (i > 0 && pos[1] < sy - 10);
      return `<circle cx="${sx}" cy="${sy}" r="10" fill="#fff" stroke="${ORANGE}" stroke-width="4"/>${person(sx + 22, sy - 6, colors[i]!, passed ? 0.15 : 1)}`;
    })
    .join("");
  const path = route.map(([x, y], i) => `${i ? "L" : "M"}${x} ${y}`).join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <rect width="${W}" height="${H}" fill="#ecfeff"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 90 - 20}" y="${310 - ((i * 23) % 40)}" width="60" height="80" rx="6" fill="#cffafe"/>`).join("")}
    <path d="${path}" fill="none" stroke="#94a3b8" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="${path}" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="12 12"/>
    <g transform="translate(560 20)"><rect width="70" height="80" fill="#334155"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${10 + (i % 2) * 30}" y="${10 + Math.floor(i / 2) * 17}" width="20" height="10" fill="#bae6fd"/>`).join("")}</g>
    ${people}
    ${vehicle(pos[0] - 36, pos[1] - 46, 0.6, t * 10)}
    ${logoBadge(ease((t / duration - 0.86) / 0.1))}
  </svg>`;
}

interface Spec {
  name: string;
  seconds: number;
  draw: (t: number, duration: number) => string;
  /** A soft generated tune, so the about-us page has a volume to set (the about-us video plays at volume 0.2). */
  music?: boolean;
}

const VIDEOS: Spec[] = [
  { name: "promo", seconds: 8, draw: promo, music: true },
  { name: "how-to", seconds: 10, draw: howTo },
  { name: "companies", seconds: 8, draw: companies },
];

function ffmpeg(args: string[]) {
  const result = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${args.join(" ")}`);
}

mkdirSync("public/videos", { recursive: true });
for (const video of VIDEOS) {
  const frames = join(".tmp", "video-frames", video.name);
  rmSync(frames, { recursive: true, force: true });
  mkdirSync(frames, { recursive: true });
  const count = video.seconds * FPS;
  for (let i = 0; i < count; i++) {
    const svg = video.draw(i / FPS, video.seconds);
    await sharp(Buffer.from(svg)).png().toFile(join(frames, `${String(i).padStart(4, "0")}.png`));
  }
  const input = ["-framerate", String(FPS), "-i", join(frames, "%04d.png")];
  const audio = video.music
    ? ["-f", "lavfi", "-t", String(video.seconds), "-i", "aevalsrc=0.25*sin(2*PI*t*(262+65*mod(floor(t*2)\\,4)))*exp(-4*mod(t\\,0.5)):s=44100"]
    : [];
  const out = `public/videos/${video.name}`;
  ffmpeg([...input, ...audio, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "42", "-pix_fmt", "yuv420p", "-row-mt", "1", ...(video.music ? ["-c:a", "libopus", "-b:a", "32k"] : ["-an"]), "-shortest", `${out}.webm`]);
  ffmpeg([...input, ...audio, "-c:v", "libx264", "-crf", "30", "-preset", "slow", "-pix_fmt", "yuv420p", "-movflags", "+faststart", ...(video.music ? ["-c:a", "aac", "-b:a", "48k"] : ["-an"]), "-shortest", `${out}.mp4`]);
  const posterFrame = Math.round(count * 0.92);
  await sharp(join(frames, `${String(posterFrame).padStart(4, "0")}.png`)).webp({ quality: 80 }).toFile(`${out}-poster.webp`);
  for (const ext of [".webm", ".mp4", "-poster.webp"]) {
    const size = statSync(`${out}${ext}`).size;
    if (size > 1024 * 1024) throw new Error(`${out}${ext} is ${size} bytes, over 1 MB`);
    console.log(`${out}${ext}: ${(size / 1024).toFixed(0)} KiB`);
  }
}
