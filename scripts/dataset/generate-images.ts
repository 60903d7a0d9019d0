/**
 * Renders the raster artwork of the bundled dataset: per-school hero, why, giveaway,
 * giveaways-banner and partner-banner images (src/dataset/images) and the coming-soon
 * backgrounds (public/backgrounds). Everything is abstract artwork drawn as SVG in each
 * school's colours and encoded to WebP with sharp; the school marks (hand-drawn SVGs already in
 * src/dataset/images) are composited on top. Output is deterministic, so re-running it
 * only changes files when this script changes.
 *
 *   node scripts/dataset/generate-images.ts
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMAGES = join(ROOT, 'src/dataset/images');
const BACKGROUNDS = join(ROOT, 'public/backgrounds');
const QUALITY = 70;

type Palette = { primary: string; secondary: string; accent: string; dark: string };

/** Art-direction colours per school (independent of the tenant record, which may lack colours). */
const SCHOOLS: Record<string, Palette> = {
  huskymobile: { primary: '#4B2E83', secondary: '#B7A57A', accent: '#E8E3D3', dark: '#1E1333' },
  beavsmobile: { primary: '#C2410C', secondary: '#111111', accent: '#FBD5BD', dark: '#1A0A04' },
  bearsmobile: { primary: '#003262', secondary: '#FDB515', accent: '#D6E4F2', dark: '#001529' },
  cubbymobile: { primary: '#FFC72C', secondary: '#1E3A8A', accent: '#FFF4CC', dark: '#14224F' },
  kentuckymobile: { primary: '#0033A0', secondary: '#FFFFFF', accent: '#DCE6F7', dark: '#001A52' },
  utesmobile: { primary: '#BE0000', secondary: '#1A1A1A', accent: '#F8D7D7', dark: '#2A0000' },
};

// ---------- small helpers ----------

/** Deterministic pseudo-random numbers (mulberry32) seeded from a string. */
function rng(seed: string): () => number {
  let a = 0;
  for (const ch of seed) a = (Math.imul(a, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return (
    '#' +
    pa
      .map((v, i) =>
        Math.round(v + (pb[i]! - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** The school's strongest colour that still glows on a dark background. */
const glowColour = (p: Palette) =>
  p.secondary === '#111111' || p.secondary === '#1A1A1A' ? p.primary : p.secondary;

const defs = (w: number, h: number, p: Palette) => `
  <defs>
    <radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="0.25" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <radialGradient id="tint"><stop offset="0" stop-color="${glowColour(p)}" stop-opacity="0.55"/><stop offset="1" stop-color="${glowColour(p)}" stop-opacity="0"/></radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    <linearGradient id="beamUp" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.dark, '#000000', 0.35)}"/><stop offset="0.7" stop-color="${p.dark}"/><stop offset="1" stop-color="${mix(p.dark, p.primary, 0.45)}"/></linearGradient>
    <linearGradient id="turf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.dark, p.primary, 0.35)}"/><stop offset="1" stop-color="${mix(p.dark, '#000000', 0.3)}"/></linearGradient>
    <linearGradient id="diag" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(p.dark, '#000000', 0.3)}"/><stop offset="1" stop-color="${mix(p.dark, p.primary, 0.55)}"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>`;

function stars(r: () => number, w: number, h: number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    out += `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(0.6 + r() * 1.4).toFixed(1)}" fill="#ffffff" opacity="${(0.25 + r() * 0.6).toFixed(2)}"/>`;
  }
  return out;
}

/** A stadium light tower whose head sits at (x, y), with its glow and a beam towards (tx, ty). */
function lightTower(x: number, y: number, ground: number, tx: number, ty: number): string {
  let bulbs = '';
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 5; col++) {
      bulbs += `<circle cx="${x - 36 + col * 18}" cy="${y - 16 + row * 16}" r="5" fill="#ffffff"/>`;
    }
  return `
    <polygon points="${x - 30},${y} ${x + 30},${y} ${tx + 260},${ty} ${tx - 260},${ty}" fill="url(#beam)"/>
    <rect x="${x - 4}" y="${y}" width="8" height="${ground - y}" fill="#000000" opacity="0.55"/>
    <rect x="${x - 48}" y="${y - 28}" width="96" height="54" rx="4" fill="#0b0b0b" opacity="0.85"/>${bulbs}
    <circle cx="${x}" cy="${y}" r="220" fill="url(#glow)"/>`;
}

/** Stands with scattered crowd lights and a perspective field with yard lines. */
function stadium(r: () => number, w: number, h: number, horizon: number, p: Palette): string {
  let crowd = '';
  const colours = [p.primary, glowColour(p), p.accent, '#ffffff'];
  for (let i = 0; i < 420; i++) {
    const x = r() * w;
    const y = horizon - 70 + r() * 60 + Math.abs(x - w / 2) * -0.06;
    crowd += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(1 + r() * 1.8).toFixed(1)}" fill="${colours[i % 4]}" opacity="${(0.25 + r() * 0.5).toFixed(2)}"/>`;
  }
  const topL = w * 0.18,
    topR = w * 0.82;
  let lines = '';
  for (let i = 0; i <= 10; i++) {
    const xt = topL + ((topR - topL) * i) / 10;
    const xb = -w * 0.35 + (w * 1.7 * i) / 10;
    lines += `<line x1="${xt.toFixed(0)}" y1="${horizon}" x2="${xb.toFixed(0)}" y2="${h}" stroke="#ffffff" stroke-width="${i % 5 === 0 ? 4 : 2}" opacity="${i % 5 === 0 ? 0.35 : 0.18}"/>`;
  }
  return `
    <path d="M0 ${horizon - 40} Q${w / 2} ${horizon - 140} ${w} ${horizon - 40} V${horizon + 10} H0 Z" fill="#000000" opacity="0.55"/>${crowd}
    <polygon points="${topL},${horizon} ${topR},${horizon} ${w * 1.35},${h} ${-w * 0.35},${h}" fill="url(#turf)"/>${lines}
    <rect y="${horizon}" width="${w}" height="6" fill="#ffffff" opacity="0.2"/>`;
}

function confetti(r: () => number, w: number, h: number, n: number, colours: string[]): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = r() * w,
      y = r() * h * 0.75,
      rot = r() * 180;
    out += `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(6 + r() * 8).toFixed(0)}" height="${(3 + r() * 4).toFixed(0)}" fill="${colours[i % colours.length]}" opacity="${(0.5 + r() * 0.5).toFixed(2)}" transform="rotate(${rot.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }
  return out;
}

const wrap = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** Render a school mark (hand-drawn SVG in the dataset) at `size` px for compositing. */
async function mark(key: string, which: 1 | 2, size: number): Promise<Buffer> {
  return sharp(join(IMAGES, `${key}-mark${which}-200x200.svg`), {
    density: Math.ceil((72 * size) / 200) + 1,
  })
    .resize(size, size)
    .png()
    .toBuffer();
}

type Overlay = { input: Buffer; left: number; top: number };

async function render(file: string, svg: string, overlays: Overlay[] = []): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg))
    .composite(overlays)
    .webp({ quality: QUALITY, effort: 6 })
    .toFile(file);
  const { size } = await stat(file);
  console.log(`${file.slice(ROOT.length + 1)}  ${(size / 1024).toFixed(1)} KB`);
}

// ---------- per-school artwork ----------

async function hero(key: string, p: Palette): Promise<void> {
  const [w, h] = [1600, 900];
  const r = rng(`${key}-hero`);
  const body =
    defs(w, h, p) +
    stars(r, w, 420, 120) +
    `<circle cx="1210" cy="330" r="380" fill="url(#tint)"/>` +
    lightTower(170, 140, 560, 520, 760) +
    lightTower(1430, 120, 560, 1080, 760) +
    stadium(r, w, h, 640, p);
  await render(join(IMAGES, `${key}-hero-1600x900.webp`), wrap(w, h, body), [
    { input: await mark(key, 1, 300), left: 1060, top: 170 },
  ]);
}

async function why(key: string, p: Palette): Promise<void> {
  const [w, h] = [1200, 900];
  const r = rng(`${key}-why`);
  let rings = '';
  for (let i = 0; i < 9; i++) {
    rings += `<circle cx="600" cy="450" r="${120 + i * 70}" fill="none" stroke="${i % 2 ? glowColour(p) : p.accent}" stroke-width="${i % 3 === 0 ? 10 : 4}" opacity="${(0.28 - i * 0.022).toFixed(3)}"/>`;
  }
  let dots = '';
  for (let y = 30; y < h; y += 36)
    for (let x = 30; x < w; x += 36) {
      const d = Math.hypot(x - 600, y - 450);
      if (d < 260) continue;
      dots += `<circle cx="${x + (r() - 0.5) * 10}" cy="${y + (r() - 0.5) * 10}" r="${(3 + r() * 5).toFixed(1)}" fill="${r() > 0.7 ? glowColour(p) : p.accent}" opacity="${(0.08 + r() * 0.3).toFixed(2)}"/>`;
    }
  const body =
    defs(w, h, p) +
    `<rect width="${w}" height="${h}" fill="url(#diag)"/>` +
    dots +
    rings +
    `<circle cx="600" cy="450" r="300" fill="url(#tint)"/>`;
  await render(join(IMAGES, `${key}-why-1200x900.webp`), wrap(w, h, body), [
    { input: await mark(key, 2, 320), left: 440, top: 290 },
  ]);
}

async function giveaway(key: string, p: Palette): Promise<void> {
  const [w, h] = [1200, 800];
  const r = rng(`${key}-giveaway`);
  const spots = [150, 420, 780, 1050]
    .map(
      (x) =>
        `<polygon points="${x - 20},${h} ${x + 20},${h} ${x + (600 - x) * 0.6 + 110},0 ${x + (600 - x) * 0.6 - 110},0" fill="url(#beamUp)"/>`,
    )
    .join('');
  const body =
    defs(w, h, p) +
    spots +
    `<circle cx="600" cy="360" r="330" fill="url(#tint)"/>` +
    stadium(r, w, h, 600, p) +
    confetti(r, w, h, 160, [p.primary, glowColour(p), p.accent, '#ffffff']);
  await render(join(IMAGES, `${key}-giveaway-1200x800.webp`), wrap(w, h, body), [
    { input: await mark(key, 1, 280), left: 460, top: 190 },
  ]);
}

async function giveawaysBanner(key: string, p: Palette): Promise<void> {
  const [w, h] = [1600, 600];
  const r = rng(`${key}-banner`);
  let stripes = '';
  for (let i = 0; i < 8; i++) {
    stripes += `<polygon points="${900 + i * 110},0 ${960 + i * 110},0 ${760 + i * 110},${h} ${700 + i * 110},${h}" fill="${i % 2 ? p.primary : glowColour(p)}" opacity="0.16"/>`;
  }
  const body =
    defs(w, h, p) +
    stars(r, w, h, 90) +
    stripes +
    lightTower(1380, 90, 600, 900, 600) +
    `<rect width="${w}" height="${h}" fill="#000000" opacity="0.25"/>` +
    confetti(r, w, h, 50, [glowColour(p), p.accent]);
  await render(join(IMAGES, `${key}-giveaways-banner-1600x600.webp`), wrap(w, h, body));
}

async function partnerBanners(key: string, p: Palette): Promise<void> {
  const [w, h] = [1200, 300];
  const band = p.primary === '#FFC72C' ? p.secondary : p.primary; // keep the light gold school readable
  let stripes1 = '';
  for (let i = 0; i < 14; i++)
    stripes1 += `<polygon points="${400 + i * 70},0 ${430 + i * 70},0 ${330 + i * 70},${h} ${300 + i * 70},${h}" fill="#000000" opacity="${(0.05 + (i % 3) * 0.04).toFixed(2)}"/>`;
  const one = `<rect width="${w}" height="${h}" fill="${band}"/>${stripes1}
    <rect y="${h - 14}" width="${w}" height="14" fill="${glowColour(p) === band ? p.accent : glowColour(p)}"/>
    <circle cx="150" cy="150" r="170" fill="#ffffff" opacity="0.08"/>`;
  await render(join(IMAGES, `${key}-partner-banner-1-1200x300.webp`), wrap(w, h, one), [
    { input: await mark(key, 1, 230), left: 35, top: 28 },
  ]);

  let arcs = '';
  for (let i = 0; i < 6; i++)
    arcs += `<circle cx="1050" cy="150" r="${140 + i * 60}" fill="none" stroke="${glowColour(p)}" stroke-width="6" opacity="${(0.35 - i * 0.05).toFixed(2)}"/>`;
  const two = `<rect width="${w}" height="${h}" fill="${p.dark}"/>${arcs}
    <rect width="${w}" height="10" fill="${band}"/><rect y="${h - 10}" width="${w}" height="10" fill="${band}"/>`;
  await render(join(IMAGES, `${key}-partner-banner-2-1200x300.webp`), wrap(w, h, two), [
    { input: await mark(key, 2, 230), left: 935, top: 35 },
  ]);
}

// ---------- coming-soon backgrounds ----------

const NIGHT: Palette[] = [
  { primary: '#1D4ED8', secondary: '#93C5FD', accent: '#DBEAFE', dark: '#0B1226' },
  { primary: '#6D28D9', secondary: '#C4B5FD', accent: '#EDE9FE', dark: '#140B26' },
  { primary: '#0F766E', secondary: '#5EEAD4', accent: '#CCFBF1', dark: '#06201D' },
  { primary: '#9F1239', secondary: '#FDA4AF', accent: '#FFE4E6', dark: '#22060E' },
  { primary: '#B45309', secondary: '#FCD34D', accent: '#FEF3C7', dark: '#1C1208' },
  { primary: '#15803D', secondary: '#86EFAC', accent: '#DCFCE7', dark: '#07190E' },
];

function campusSkyline(r: () => number, w: number, h: number, base: number): string {
  // Generic halls, a clock tower and trees as one dark silhouette with a few lit windows.
  let shapes = `<rect x="0" y="${base}" width="${w}" height="${h - base}" fill="#05070c"/>`;
  let x = 0;
  while (x < w) {
    const bw = 120 + r() * 180,
      bh = 80 + r() * 160;
    shapes += `<rect x="${x.toFixed(0)}" y="${(base - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="#05070c"/>`;
    shapes += `<polygon points="${x.toFixed(0)},${(base - bh).toFixed(0)} ${(x + bw / 2).toFixed(0)},${(base - bh - 40).toFixed(0)} ${(x + bw).toFixed(0)},${(base - bh).toFixed(0)}" fill="#05070c"/>`;
    for (let i = 0; i < 8; i++) {
      if (r() > 0.55)
        shapes += `<rect x="${(x + 14 + r() * (bw - 30)).toFixed(0)}" y="${(base - bh + 20 + r() * (bh - 40)).toFixed(0)}" width="10" height="14" fill="#fde68a" opacity="${(0.35 + r() * 0.5).toFixed(2)}"/>`;
    }
    x += bw + 10 + r() * 60;
  }
  const tx = w * 0.62;
  shapes += `<rect x="${tx}" y="${base - 420}" width="90" height="420" fill="#05070c"/><polygon points="${tx - 10},${base - 420} ${tx + 45},${base - 540} ${tx + 100},${base - 420}" fill="#05070c"/>
    <circle cx="${tx + 45}" cy="${base - 360}" r="28" fill="#fef3c7" opacity="0.8"/><circle cx="${tx + 45}" cy="${base - 360}" r="120" fill="url(#glow)" opacity="0.35"/>`;
  for (let i = 0; i < 18; i++) {
    const cx = r() * w,
      rr = 30 + r() * 50;
    shapes += `<circle cx="${cx.toFixed(0)}" cy="${(base + 10).toFixed(0)}" r="${rr.toFixed(0)}" fill="#030408"/>`;
  }
  return shapes;
}

async function comingSoon(): Promise<void> {
  const [w, h] = [1600, 1000];
  const out = (n: number) => join(BACKGROUNDS, `coming-soon-${n}.webp`);
  const dim = `<rect width="${w}" height="${h}" fill="#000000" opacity="0.3"/>`;

  // 1: stadium under the lights
  let p = NIGHT[0]!,
    r = rng('cs1');
  await render(
    out(1),
    wrap(
      w,
      h,
      defs(w, h, p) +
        stars(r, w, 450, 160) +
        lightTower(220, 160, 620, 560, 860) +
        lightTower(1380, 140, 620, 1040, 860) +
        stadium(r, w, h, 700, p) +
        dim,
    ),
  );

  // 2: campus skyline and clock tower with a moon
  p = NIGHT[1]!;
  r = rng('cs2');
  await render(
    out(2),
    wrap(
      w,
      h,
      defs(w, h, p) +
        stars(r, w, 600, 260) +
        `<circle cx="1260" cy="190" r="70" fill="#f5f3ff" opacity="0.9"/><circle cx="1260" cy="190" r="260" fill="url(#glow)" opacity="0.4"/>` +
        campusSkyline(r, w, h, 820) +
        dim,
    ),
  );

  // 3: aurora ribbons over the quad
  p = NIGHT[2]!;
  r = rng('cs3');
  let ribbons = '';
  for (let i = 0; i < 5; i++) {
    const y = 220 + i * 70;
    ribbons += `<path d="M-100 ${y} C 300 ${y - 160} 700 ${y + 140} 1000 ${y - 40} S 1500 ${y - 120} 1700 ${y}" fill="none" stroke="${i % 2 ? p.secondary : p.primary}" stroke-width="${60 - i * 8}" stroke-linecap="round" opacity="${(0.22 - i * 0.03).toFixed(2)}"/>`;
  }
  await render(
    out(3),
    wrap(w, h, defs(w, h, p) + stars(r, w, h, 200) + ribbons + campusSkyline(r, w, h, 880) + dim),
  );

  // 4: running-track lanes seen from above
  p = NIGHT[3]!;
  let lanes = '';
  for (let i = 0; i < 8; i++) {
    lanes += `<rect x="${180 - i * 46}" y="${260 - i * 46}" width="${1240 + i * 92}" height="${480 + i * 92}" rx="${240 + i * 46}" fill="none" stroke="#ffffff" stroke-width="3" opacity="${(0.28 - i * 0.02).toFixed(2)}"/>`;
  }
  await render(
    out(4),
    wrap(
      w,
      h,
      defs(w, h, p) +
        `<rect width="${w}" height="${h}" fill="url(#diag)"/>` +
        `<rect x="180" y="260" width="1240" height="480" rx="240" fill="url(#turf)" opacity="0.8"/>` +
        lanes +
        `<circle cx="800" cy="500" r="500" fill="url(#tint)"/>` +
        dim,
    ),
  );

  // 5: crowd lights bokeh
  p = NIGHT[4]!;
  r = rng('cs5');
  let bokeh = '';
  for (let i = 0; i < 90; i++) {
    bokeh += `<circle cx="${(r() * w).toFixed(0)}" cy="${(300 + r() * 700).toFixed(0)}" r="${(8 + r() * 40).toFixed(0)}" fill="${i % 3 ? p.secondary : p.accent}" opacity="${(0.05 + r() * 0.2).toFixed(2)}"/>`;
  }
  await render(
    out(5),
    wrap(w, h, defs(w, h, p) + bokeh + lightTower(800, 120, 300, 800, 1000) + dim),
  );

  // 6: rolling hills under a crescent moon
  p = NIGHT[5]!;
  r = rng('cs6');
  const hills = [0.55, 0.68, 0.8]
    .map(
      (f, i) =>
        `<path d="M0 ${h * f} C ${w * 0.25} ${h * f - 120} ${w * 0.55} ${h * f + 80} ${w} ${h * f - 60} V${h} H0 Z" fill="${mix(p.primary, '#000000', 0.62 + i * 0.13)}"/>`,
    )
    .join('');
  await render(
    out(6),
    wrap(
      w,
      h,
      defs(w, h, p) +
        stars(r, w, 550, 220) +
        `<circle cx="300" cy="200" r="60" fill="#f0fdf4"/><circle cx="326" cy="184" r="56" fill="${mix(p.dark, '#000000', 0.3)}"/>` +
        hills +
        dim,
    ),
  );
}

// ---------- main ----------

for (const [key, palette] of Object.entries(SCHOOLS)) {
  await hero(key, palette);
  await why(key, palette);
  await giveaway(key, palette);
  await giveawaysBanner(key, palette);
  await partnerBanners(key, palette);
}
await comingSoon();
