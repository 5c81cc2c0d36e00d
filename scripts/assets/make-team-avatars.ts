/**
 * The about-us team avatars (public/team/*.svg): flat illustrations drawn from a few parameters, so the
 * page shows people without using anyone's photo. Run: `npx tsx scripts/assets/make-team-avatars.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";

type Hair = "short" | "long" | "bun" | "curly" | "side";
interface Look {
  id: string;
  background: string;
  skin: string;
  hair: string;
  style: Hair;
  shirt: string;
  glasses?: boolean;
  beard?: boolean;
}

const LOOKS: Look[] = [
  { id: "valentina-rojas", background: "#fde68a", skin: "#e0ac82", hair: "#3b2417", style: "long", shirt: "#c2410c" },
  { id: "andres-gomez", background: "#bfdbfe", skin: "#c68a5e", hair: "#1c1410", style: "short", shirt: "#1f2937", beard: true },
  { id: "camila-herrera", background: "#ddd6fe", skin: "#f1c9a5", hair: "#7c3f1d", style: "bun", shirt: "#0f766e", glasses: true },
  { id: "santiago-morales", background: "#bbf7d0", skin: "#a86b45", hair: "#111111", style: "curly", shirt: "#1d4ed8" },
  { id: "daniela-castro", background: "#fecdd3", skin: "#8d5a3b", hair: "#1a120d", style: "curly", shirt: "#9d174d" },
  { id: "julian-ortiz", background: "#fed7aa", skin: "#eab98f", hair: "#5b3a21", style: "side", shirt: "#374151", glasses: true },
  { id: "mariana-lopez", background: "#a5f3fc", skin: "#d49a6a", hair: "#2a1b12", style: "long", shirt: "#7c2d12" },
  { id: "felipe-vargas", background: "#e9d5ff", skin: "#f3d2b3", hair: "#a16207", style: "short", shirt: "#15803d", beard: true },
];

function hairBack(look: Look): string {
  if (look.style === "long") return `<path d="M58 92c0-30 14-50 42-50s42 20 42 50v58H58z" fill="${look.hair}"/>`;
  if (look.style === "curly")
    return `<g fill="${look.hair}">${[70, 85, 100, 115, 130].map((x) => `<circle cx="${x}" cy="58" r="16"/>`).join("")}<circle cx="64" cy="78" r="13"/><circle cx="136" cy="78" r="13"/></g>`;
  return "";
}

function hairFront(look: Look): string {
  switch (look.style) {
    case "short":
      return `<path d="M66 84c0-22 14-36 34-36s34 14 34 36c-8-10-20-14-34-14s-26 4-34 14z" fill="${look.hair}"/>`;
    case "side":
      return `<path d="M66 86c-2-24 14-40 36-40 20 0 34 14 32 38-14-4-30-12-40-22-6 12-16 20-28 24z" fill="${look.hair}"/>`;
    case "bun":
      return `<circle cx="100" cy="40" r="15" fill="${look.hair}"/><path d="M66 86c0-24 14-38 34-38s34 14 34 38c-10-12-20-17-34-17s-24 5-34 17z" fill="${look.hair}"/>`;
    case "long":
      return `<path d="M66 88c0-24 14-40 34-40s34 16 34 40c-12-14-22-20-34-20s-22 6-34 20z" fill="${look.hair}"/>`;
    case "curly":
      return "";
  }
}

function avatar(look: Look): string {
  const eyes = `<circle cx="88" cy="92" r="3.6" fill="#1f2937"/><circle cx="112" cy="92" r="3.6" fill="#1f2937"/>`;
  const glasses = look.glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="2.5"><circle cx="88" cy="92" r="9"/><circle cx="112" cy="92" r="9"/><path d="M97 92h6"/></g>`
    : "";
  const beard = look.beard ? `<path d="M76 100c2 20 12 28 24 28s22-8 24-28c-6 8-14 10-24 10s-18-2-24-10z" fill="${look.hair}" opacity=".85"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
  <rect width="200" height="200" fill="${look.background}"/>
  ${hairBack(look)}
  <path d="M40 200c4-36 28-54 60-54s56 18 60 54z" fill="${look.shirt}"/>
  <path d="M88 132h24v18c-4 6-20 6-24 0z" fill="${look.skin}"/>
  <ellipse cx="100" cy="92" rx="34" ry="40" fill="${look.skin}"/>
  <ellipse cx="66" cy="96" rx="5" ry="8" fill="${look.skin}"/><ellipse cx="134" cy="96" rx="5" ry="8" fill="${look.skin}"/>
  ${hairFront(look)}
  ${beard}
  ${eyes}${glasses}
  <path d="M90 112c6 6 14 6 20 0" fill="none" stroke="${look.beard ? "#fde2cf" : "#7f1d1d"}" stroke-width="3" stroke-linecap="round"/>
</svg>
`;
}

mkdirSync("public/team", { recursive: true });
for (const look of LOOKS) writeFileSync(`public/team/${look.id}.svg`, avatar(look));
console.log(`${LOOKS.length} avatars written to public/team/`);
