/**
 * Renders the demo catalogue's images into public/demo as WebP: event banners (1200x600) and cards
 * (600x400), landing slides (1600x600), partner logos and community avatars. Each is an SVG composition
 * (gradient, shapes, a drawing for the event's theme, its name) rasterised with sharp, so the shop ships
 * no remote or third-party pictures. Deterministic: the same data gives the same files.
 *
 *   npx tsx scripts/generate-demo-images.ts
 */
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { COMMUNITY_POSTS, PARTNERS, SLIDES } from "../src/server/seed/demo/content";
import { COLOMBIA_EVENTS } from "../src/server/seed/demo/events-co";
import { WORLD_EVENTS } from "../src/server/seed/demo/events-world";
import { avatarPath, eventBannerPath, eventCardPath, partnerPath, slidePath } from "../src/server/seed/demo/images";
import type { Motif } from "../src/server/seed/demo/types";
import { VENUES } from "../src/server/seed/demo/venues";

const PUBLIC = join(process.cwd(), "public");
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const MAX_BYTES = 40 * 1024;

/* ---------- small helpers ---------- */

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);
}

/** A seeded generator (mulberry32), so confetti lands in the same place on every run. */
function random(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Greedy word wrap by an estimated glyph width (bold sans: about 0.6 em per character). */
function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(maxWidth / (fontSize * 0.6)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length > perLine && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.:;]+$/, "")}…`;
    return kept;
  }
  return lines;
}

function textBlock(lines: string[], x: number, y: number, size: number, options: { weight?: number; fill?: string; anchor?: string } = {}) {
  const { weight = 700, fill = "#ffffff", anchor = "start" } = options;
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * size * 1.18}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}" filter="url(#shadow)">${escapeXml(line)}</text>`,
    )
    .join("");
}

function defs(from: string, to: string) {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient>
    <radialGradient id="glow" cx="0.8" cy="0.2" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <filter id="shadow" x="-5%" y="-5%" width="110%" height="120%"><feDropShadow dx="0" dy="2" stdDeviation="3" flood-color="#000" flood-opacity="0.45"/></filter>
  </defs>`;
}

/* ---------- drawings per theme, in a 1200x600 space ---------- */

function motif(kind: Motif, rand: () => number): string {
  const white = (opacity: number) => `fill="#fff" fill-opacity="${opacity}"`;
  switch (kind) {
    case "stage": {
      const beams = [200, 450, 750, 1000]
        .map((x, i) => `<polygon points="${x},0 ${x - 140 + i * 20},520 ${x + 140 - i * 20},520" ${white(0.1)}/>`)
        .join("");
      const crowd = Array.from({ length: 34 }, (_, i) => {
        const x = i * 36 + rand() * 12;
        const y = 520 + rand() * 30;
        return `<circle cx="${x}" cy="${y}" r="${16 + rand() * 6}" fill="#000" fill-opacity="0.35"/><rect x="${x - 20}" y="${y + 10}" width="40" height="90" rx="18" fill="#000" fill-opacity="0.35"/>`;
      }).join("");
      return `${beams}<rect x="120" y="430" width="960" height="40" ${white(0.18)}/>${crowd}`;
    }
    case "ball":
      return `<rect x="80" y="60" width="1040" height="480" rx="8" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="6"/>
        <line x1="600" y1="60" x2="600" y2="540" stroke="#fff" stroke-opacity="0.25" stroke-width="6"/>
        <circle cx="600" cy="300" r="110" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="6"/>
        <rect x="80" y="190" width="130" height="220" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="6"/>
        <rect x="990" y="190" width="130" height="220" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="6"/>
        <circle cx="930" cy="150" r="80" fill="#fff" fill-opacity="0.9"/>
        <polygon points="930,112 966,138 952,180 908,180 894,138" fill="#111827" fill-opacity="0.85"/>`;
    case "mountain":
      return `<circle cx="900" cy="170" r="90" fill="#fde68a" fill-opacity="0.75"/>
        <polygon points="0,520 260,200 420,360 620,120 860,420 1000,300 1200,480 1200,600 0,600" ${white(0.22)}/>
        <polygon points="0,600 180,400 380,520 640,330 900,560 1200,420 1200,600" fill="#000" fill-opacity="0.22"/>
        <polygon points="620,120 680,190 640,180 600,200 570,175" ${white(0.7)}/>`;
    case "flower":
      return Array.from({ length: 7 }, () => {
        const cx = 120 + rand() * 1000;
        const cy = 80 + rand() * 420;
        const r = 30 + rand() * 40;
        const petals = Array.from({ length: 6 }, (_, p) => {
          const angle = (p / 6) * Math.PI * 2;
          return `<ellipse cx="${(cx + Math.cos(angle) * r).toFixed(1)}" cy="${(cy + Math.sin(angle) * r).toFixed(1)}" rx="${r * 0.75}" ry="${r * 0.45}" transform="rotate(${((angle * 180) / Math.PI).toFixed(1)} ${(cx + Math.cos(angle) * r).toFixed(1)} ${(cy + Math.sin(angle) * r).toFixed(1)})" ${white(0.28)}/>`;
        }).join("");
        return `${petals}<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${(r * 0.45).toFixed(1)}" fill="#fde047" fill-opacity="0.8"/>`;
      }).join("");
    case "rings":
      return `<circle cx="820" cy="250" r="120" fill="none" stroke="#fff" stroke-opacity="0.75" stroke-width="22"/>
        <circle cx="960" cy="250" r="120" fill="none" stroke="#facc15" stroke-opacity="0.8" stroke-width="22"/>
        <polygon points="960,105 985,130 960,150 935,130" fill="#fff" fill-opacity="0.9"/>
        ${Array.from({ length: 40 }, () => `<circle cx="${(rand() * 1200).toFixed(0)}" cy="${(rand() * 600).toFixed(0)}" r="${(2 + rand() * 5).toFixed(1)}" ${white(0.5)}/>`).join("")}`;
    case "confetti": {
      const colours = ["#fde047", "#f472b6", "#22d3ee", "#a3e635", "#ffffff", "#fb923c"];
      return Array.from({ length: 70 }, () => {
        const x = rand() * 1200;
        const y = rand() * 600;
        return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(10 + rand() * 16).toFixed(0)}" height="${(6 + rand() * 8).toFixed(0)}" rx="2" fill="${colours[Math.floor(rand() * colours.length)]}" fill-opacity="0.75" transform="rotate(${(rand() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
      }).join("");
    }
    case "book":
      return `<g transform="translate(700 120)">
          <path d="M0 40 Q120 0 240 40 L240 340 Q120 300 0 340 Z" ${white(0.85)}/>
          <path d="M240 40 Q360 0 480 40 L480 340 Q360 300 240 340 Z" ${white(0.7)}/>
          ${[90, 130, 170, 210, 250].map((y) => `<line x1="30" y1="${y}" x2="210" y2="${y - 10}" stroke="#000" stroke-opacity="0.25" stroke-width="6"/><line x1="270" y1="${y - 10}" x2="450" y2="${y}" stroke="#000" stroke-opacity="0.25" stroke-width="6"/>`).join("")}
        </g>`;
    case "race": {
      const checks = Array.from({ length: 48 }, (_, i) => {
        const col = i % 8;
        const row = Math.floor(i / 8);
        return (col + row) % 2 === 0 ? `<rect x="${780 + col * 40}" y="${80 + row * 40}" width="40" height="40" fill="#fff" fill-opacity="0.85"/>` : "";
      }).join("");
      const lines = Array.from({ length: 9 }, (_, i) => `<rect x="${60 + rand() * 300}" y="${120 + i * 45}" width="${200 + rand() * 300}" height="8" rx="4" ${white(0.3)}/>`).join("");
      return `${checks}<rect x="770" y="80" width="4" height="420" fill="#fff" fill-opacity="0.8"/>${lines}`;
    }
    case "coffee":
      return `<polygon points="0,600 0,430 300,330 600,420 900,300 1200,400 1200,600" fill="#14532d" fill-opacity="0.45"/>
        <g transform="translate(820 150)">
          <path d="M0 60 H220 V170 Q220 250 110 250 Q0 250 0 170 Z" ${white(0.85)}/>
          <path d="M220 90 Q290 90 290 140 Q290 190 220 190" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="18"/>
          ${[50, 110, 170].map((x) => `<path d="M${x} 40 Q${x - 20} 10 ${x} -20 Q${x + 20} -50 ${x} -80" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>`).join("")}
        </g>`;
    case "wave":
      return Array.from({ length: 6 }, (_, i) => {
        const y = 140 + i * 70;
        const amplitude = 30 + i * 6;
        return `<path d="M0 ${y} C 200 ${y - amplitude} 400 ${y + amplitude} 600 ${y} S 1000 ${y - amplitude} 1200 ${y}" fill="none" stroke="#fff" stroke-opacity="${(0.12 + i * 0.05).toFixed(2)}" stroke-width="${6 + i * 2}"/>`;
      }).join("");
  }
}

/** The shop's van on a road: home -> event -> home, the same mark on every banner. */
function vehicle(x: number, y: number, scale: number) {
  return `<g transform="translate(${x} ${y}) scale(${scale})" filter="url(#shadow)">
    <path d="M0 60v-34c0-8 6-14 14-14h96c6 0 10 2 14 7l26 30c3 3 4 7 4 11v20c0 4-3 7-7 7H7c-4 0-7-3-7-7z" fill="#ffffff"/>
    <path d="M22 22h34v26H18V28c0-3 2-6 4-6zM66 22h40l22 26H66z" fill="#c2410c"/>
    <circle cx="36" cy="80" r="14" fill="#1f2937" stroke="#fff" stroke-width="5"/>
    <circle cx="120" cy="80" r="14" fill="#1f2937" stroke="#fff" stroke-width="5"/>
  </g>`;
}

/* ---------- compositions ---------- */

/** Scales the 1200x600 drawing to cover the picture without distortion, centred. */
function cover(width: number, height: number): string {
  const scale = Math.max(width / 1200, height / 600);
  return `translate(${((width - 1200 * scale) / 2).toFixed(1)} ${((height - 600 * scale) / 2).toFixed(1)}) scale(${scale.toFixed(4)})`;
}

function eventSvg(event: (typeof COLOMBIA_EVENTS)[number], width: number, height: number) {
  const rand = random(event.slug);
  const name = event.name.es;
  const venue = VENUES[event.venue]!.name;
  const banner = width >= 1000;
  const titleSize = banner ? 58 : 40;
  const lines = wrap(name, titleSize, width * (banner ? 0.62 : 0.88), banner ? 3 : 3);
  const bottom = height - (banner ? 70 : 44);
  const titleTop = bottom - (lines.length - 1) * titleSize * 1.18 - (banner ? 44 : 34);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${defs(event.art.from, event.art.to)}
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <rect width="100%" height="100%" fill="url(#glow)"/>
    <g transform="${cover(width, height)}">${motif(event.art.motif, rand)}</g>
    <rect width="100%" height="100%" fill="url(#fade)"/>
    ${banner ? vehicle(width - 260, height - 130, 1.1) : vehicle(28, 24, 0.55)}
    ${textBlock(lines, banner ? 64 : 32, titleTop, titleSize)}
    ${textBlock([venue], banner ? 64 : 32, bottom, banner ? 28 : 20, { weight: 400 })}
  </svg>`;
}

function slideSvg(slide: (typeof SLIDES)[number]) {
  const rand = random(slide.key);
  const circles = Array.from({ length: 9 }, () => {
    const r = 60 + rand() * 180;
    return `<circle cx="${(rand() * 1600).toFixed(0)}" cy="${(rand() * 600).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="${(0.05 + rand() * 0.1).toFixed(2)}"/>`;
  }).join("");
  const lines = wrap(slide.headline, 68, 1000, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
    ${defs(slide.art.from, slide.art.to)}
    <rect width="100%" height="100%" fill="url(#bg)"/>
    ${circles}
    <rect width="100%" height="100%" fill="url(#glow)"/>
    <path d="M0 520 Q400 470 800 520 T1600 510 V600 H0Z" fill="#000" fill-opacity="0.25"/>
    <path d="M0 548 H1600" stroke="#fff" stroke-opacity="0.6" stroke-width="6" stroke-dasharray="40 30"/>
    ${vehicle(1180, 380, 1.7)}
    ${textBlock(lines, 96, 240 - (lines.length - 1) * 40, 68)}
    <text x="96" y="${320 + (lines.length - 1) * 40}" font-family="${FONT}" font-size="30" fill="#fff" fill-opacity="0.9" filter="url(#shadow)">Rodamos</text>
  </svg>`;
}

function partnerSvg(partner: (typeof PARTNERS)[number]) {
  const { color, accent, shape } = partner.art;
  const icon =
    shape === "circle"
      ? `<circle cx="60" cy="80" r="38" fill="${color}"/><circle cx="74" cy="66" r="16" fill="${accent}"/>`
      : shape === "square"
        ? `<rect x="22" y="42" width="76" height="76" rx="14" fill="${color}"/><rect x="52" y="72" width="30" height="30" rx="6" fill="${accent}"/>`
        : shape === "triangle"
          ? `<polygon points="60,36 104,120 16,120" fill="${color}"/><circle cx="60" cy="96" r="14" fill="${accent}"/>`
          : `<path d="M60 36 C90 70 98 88 98 100 a38 38 0 0 1 -76 0 C22 88 30 70 60 36z" fill="${color}"/><circle cx="60" cy="100" r="14" fill="${accent}"/>`;
  const lines = wrap(partner.name, 30, 200, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="160" viewBox="0 0 360 160">
    <defs><filter id="shadow"><feDropShadow dx="0" dy="0" stdDeviation="0" flood-opacity="0"/></filter></defs>
    <rect width="360" height="160" rx="16" fill="#ffffff"/>
    ${icon}
    ${lines.map((line, i) => `<text x="122" y="${(lines.length === 1 ? 92 : 76) + i * 36}" font-family="${FONT}" font-size="30" font-weight="700" fill="${color}">${escapeXml(line)}</text>`).join("")}
  </svg>`;
}

function avatarSvg(user: string, key: string) {
  const rand = random(key);
  const hues = [12, 28, 160, 200, 260, 330, 90, 45];
  const hue = hues[Math.floor(rand() * hues.length)]!;
  const initials = user
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
    <defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 75% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 38%)"/></linearGradient></defs>
    <circle cx="80" cy="80" r="80" fill="url(#a)"/>
    <text x="80" y="98" font-family="${FONT}" font-size="54" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
  </svg>`;
}

/* ---------- writing ---------- */

async function write(sitePath: string, svg: string, quality = 72) {
  const file = join(PUBLIC, sitePath);
  let q = quality;
  // Keep every file small: lower the quality step by step if a busy drawing is too heavy.
  for (;;) {
    const buffer = await sharp(Buffer.from(svg)).webp({ quality: q, effort: 6 }).toBuffer();
    if (buffer.length <= MAX_BYTES || q <= 40) {
      await sharp(buffer).toFile(file);
      return buffer.length;
    }
    q -= 8;
  }
}

async function main() {
  for (const folder of ["events", "slides", "partners", "community"]) {
    rmSync(join(PUBLIC, "demo", folder), { recursive: true, force: true });
    mkdirSync(join(PUBLIC, "demo", folder), { recursive: true });
  }
  for (const event of [...COLOMBIA_EVENTS, ...WORLD_EVENTS]) {
    await write(eventBannerPath(event.slug), eventSvg(event, 1200, 600));
    await write(eventCardPath(event.slug), eventSvg(event, 600, 400));
  }
  for (const slide of SLIDES) await write(slidePath(slide.key), slideSvg(slide), 70);
  for (const partner of PARTNERS) await write(partnerPath(partner.key), partnerSvg(partner), 85);
  const avatars = new Map(COMMUNITY_POSTS.map((post) => [post.avatar, post.user]));
  for (const [key, user] of avatars) await write(avatarPath(key), avatarSvg(user, key), 80);

  let total = 0;
  let count = 0;
  let largest = 0;
  for (const folder of ["events", "slides", "partners", "community"]) {
    for (const name of readdirSync(join(PUBLIC, "demo", folder))) {
      const size = statSync(join(PUBLIC, "demo", folder, name)).size;
      total += size;
      count += 1;
      largest = Math.max(largest, size);
    }
  }
  console.log(`${count} images, ${(total / 1024).toFixed(0)} KB in total, largest ${(largest / 1024).toFixed(1)} KB`);
}

await main();
