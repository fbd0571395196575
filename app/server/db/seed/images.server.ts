/**
 * Demo listing photos, drawn as SVG and rendered offline with sharp (no network, DESIGN §2):
 * building exteriors, rooms and shared amenities, each in 400/800/1200 px wide 4:3 WebP at
 * `${uploadsDir}/demo/{category}-{NN}-{width}.webp`, served as `/media/demo/…`.
 * The pictures do not depend on the data seed, so one set serves every seeded database.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_IMAGE_WIDTHS, type DemoImageCategory } from '~/lib/images';
import { createRandom, mixSeed, type Random } from './random';

/** How many pictures of each category exist (NN runs from 01 to the count). */
export const DEMO_IMAGE_COUNTS: Record<DemoImageCategory, number> = { exterior: 12, room: 12, amenity: 8 };

const W = 1200;
const H = 900;
const IMAGE_SEED = 20_260_101;

/** What each exterior picture shows; the seed picks pictures that fit the property type. */
export const EXTERIOR_KINDS = [
  'midrise',
  'midrise',
  'midrise',
  'tower',
  'midrise',
  'midrise',
  'townhouse',
  'townhouse',
  'townhouse',
  'warehouse',
  'tower',
  'warehouse',
] as const;
export type ExteriorKind = (typeof EXTERIOR_KINDS)[number];

/** What each room picture shows. */
export const ROOM_KINDS = [
  'living',
  'living',
  'living',
  'living',
  'bedroom',
  'bedroom',
  'bedroom',
  'bedroom',
  'kitchen',
  'kitchen',
  'kitchen',
  'kitchen',
] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** What each amenity picture shows (and so which amenity key it illustrates). */
export const AMENITY_IMAGE_KINDS = ['pool', 'pool', 'gym', 'gym', 'rooftop', 'rooftop', 'coworking', 'lobby'] as const;
export type AmenityImageKind = (typeof AMENITY_IMAGE_KINDS)[number];

/** The URL stored in `property.image_urls` for picture `n` (1-based) of `category`. */
export function demoImageUrl(category: DemoImageCategory, n: number): string {
  return `/media/demo/${category}-${String(n).padStart(2, '0')}-1200.webp`;
}

function demoImageFile(uploadsDir: string, category: DemoImageCategory, n: number, width: number): string {
  return path.join(uploadsDir, 'demo', `${category}-${String(n).padStart(2, '0')}-${width}.webp`);
}

// ---------------------------------------------------------------------------------------------
// Colour and shape helpers
// ---------------------------------------------------------------------------------------------

function parseHex(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear mix of two #rrggbb colours, t in [0, 1]. */
function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const out = ca.map((x, i) => Math.round(x + ((cb[i] ?? 0) - x) * t));
  return `#${out.map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

const r1 = (x: number) => Math.round(x * 10) / 10;

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}" ${extra}/>`;
}

function poly(points: readonly (readonly [number, number])[], fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}" ${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}" ${extra}/>`;
}

function linear(id: string, stops: readonly (readonly [number, string, number?])[], vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
  return `<linearGradient id="${id}" ${dir}>${s}</linearGradient>`;
}

function radial(id: string, stops: readonly (readonly [number, string, number?])[]): string {
  const s = stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${s}</radialGradient>`;
}

type Light = 'day' | 'golden' | 'dusk';

const SKIES: Record<Light, readonly (readonly [number, string])[]> = {
  day: [
    [0, '#4a90d9'],
    [0.6, '#9cc7ef'],
    [1, '#dcecf8'],
  ],
  golden: [
    [0, '#5b7fb8'],
    [0.55, '#e8b67a'],
    [1, '#f7d9a6'],
  ],
  dusk: [
    [0, '#1f2a4d'],
    [0.5, '#6b4f7d'],
    [1, '#e58f65'],
  ],
};

/**
 * <defs> shared by every picture. Soft edges use radial gradients rather than SVG blur filters,
 * which cost librsvg far more time than the rest of a picture.
 */
function commonDefs(): string {
  return (
    radial('softShadow', [
      [0, '#000000', 1],
      [0.6, '#000000', 0.5],
      [1, '#000000', 0],
    ]) +
    radial('softWhite', [
      [0, '#ffffff', 1],
      [0.55, '#ffffff', 0.8],
      [1, '#ffffff', 0],
    ]) +
    radial('softWarm', [
      [0, '#ffd98a', 1],
      [1, '#ffd98a', 0],
    ]) +
    '<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">' +
    '<stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/>' +
    '</radialGradient>'
  );
}

function finish(defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${commonDefs()}${defs}</defs>${body}` +
    `<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Outdoor pieces
// ---------------------------------------------------------------------------------------------

function skyAndSun(rnd: Random, light: Light): { defs: string; body: string } {
  const defs =
    linear('sky', SKIES[light]) +
    radial('sun', [
      [0, '#fffbe8', 1],
      [0.25, '#fff1c2', 0.9],
      [1, '#ffd98a', 0],
    ]);
  let body = rect(0, 0, W, H, 'url(#sky)');
  const sunX = rnd.int(150, 1050);
  const sunY = light === 'day' ? rnd.int(60, 160) : light === 'golden' ? rnd.int(300, 420) : rnd.int(480, 560);
  body += circle(sunX, sunY, light === 'day' ? 150 : 220, 'url(#sun)', light === 'dusk' ? 'opacity="0.6"' : '');
  const clouds = rnd.int(2, 5);
  for (let i = 0; i < clouds; i++) {
    const cx = rnd.int(0, W);
    const cy = rnd.int(60, 300);
    let cloud = '';
    for (let j = 0; j < 6; j++)
      cloud += ellipse(cx + j * 38 - 100, cy + rnd.int(-16, 10), rnd.int(70, 120), rnd.int(28, 46), 'url(#softWhite)');
    body += `<g opacity="${light === 'day' ? 0.8 : light === 'golden' ? 0.5 : 0.25}">${cloud}</g>`;
  }
  return { defs, body };
}

/** Hazy background buildings between the sky and the subject. */
function skyline(rnd: Random, light: Light, baseY: number, litWindows: boolean): string {
  const haze = light === 'day' ? '#9fb6cc' : light === 'golden' ? '#b49a8f' : '#3b3552';
  let out = '';
  let x = -20;
  while (x < W) {
    const w = rnd.int(60, 150);
    const h = rnd.int(120, 420);
    out += rect(x, baseY - h, w, h, mix(haze, '#ffffff', rnd.next() * 0.15));
    if (litWindows) {
      for (let wy = baseY - h + 14; wy < baseY - 10; wy += 22) {
        for (let wx = x + 8; wx < x + w - 10; wx += 16) {
          if (rnd.chance(0.35)) out += rect(wx, wy, 7, 10, '#ffd27a', 'opacity="0.8"');
        }
      }
    }
    if (rnd.chance(0.25)) out += rect(x + w / 2 - 2, baseY - h - 40, 4, 40, haze);
    x += w + rnd.int(-10, 12);
  }
  return out;
}

function tree(rnd: Random, x: number, groundY: number, size: number): string {
  const greens = ['#3f6b35', '#4d7d3c', '#5c8f46', '#37602f'];
  let out = rect(x - size * 0.06, groundY - size * 0.9, size * 0.12, size * 0.9, '#5a4632');
  for (let i = 0; i < 7; i++) {
    out += circle(
      x + rnd.int(-40, 40) * (size / 200),
      groundY - size * 0.95 + rnd.int(-50, 30) * (size / 200),
      size * (0.22 + rnd.next() * 0.12),
      rnd.pick(greens),
    );
  }
  out += circle(x - size * 0.1, groundY - size * 1.05, size * 0.18, '#79a85b', 'opacity="0.5"');
  return out;
}

function streetFront(light: Light, groundY: number): string {
  const pavement = light === 'dusk' ? '#6d6874' : '#b9b4ab';
  let out = rect(0, groundY, W, H - groundY, pavement);
  out += rect(0, groundY, W, 6, darken(pavement, 0.2));
  out += rect(0, H - 50, W, 50, light === 'dusk' ? '#3d3a44' : '#55575c');
  for (let x = 0; x < W; x += 120) out += rect(x, groundY + 6, 2, H - groundY - 56, darken(pavement, 0.12));
  return out;
}

function windowGlass(id: string, light: Light): string {
  const stops: Record<Light, readonly (readonly [number, string])[]> = {
    day: [
      [0, '#cfe4f5'],
      [0.5, '#6f98bd'],
      [1, '#3c5f80'],
    ],
    golden: [
      [0, '#f6d7a8'],
      [0.5, '#8f8aa0'],
      [1, '#4c5574'],
    ],
    dusk: [
      [0, '#5a5378'],
      [0.6, '#2f3150'],
      [1, '#1d1f33'],
    ],
  };
  return (
    linear(id, stops[light]) +
    linear(`${id}-lit`, [
      [0, '#ffe7a8'],
      [1, '#f2b45a'],
    ])
  );
}

function drawMidrise(rnd: Random, light: Light): { defs: string; body: string } {
  const facade = rnd.pick(['#d8cbb5', '#c7b299', '#e5ded3', '#b9a48f', '#d6c2a8', '#cfd3d6', '#e7d7c1']);
  const trim = rnd.pick(['#f4efe6', '#8c8478', '#5f5a54', '#ffffff']);
  const floors = rnd.int(5, 8);
  const floorH = 78;
  const groundY = 760;
  const bx = rnd.int(140, 260);
  const bw = rnd.int(620, 820);
  const top = groundY - 110 - floors * floorH;
  const depth = 90;
  const cols = rnd.int(6, 9);
  const balconies = rnd.chance(0.6);
  const defs =
    windowGlass('glass', light) +
    linear(
      'facadeShade',
      [
        [0, '#000000', 0],
        [1, '#000000', 0.18],
      ],
      false,
    );
  let body = skyline(rnd, light, groundY, light === 'dusk');
  // Side face gives depth.
  body += poly(
    [
      [bx + bw, top],
      [bx + bw + depth, top + 30],
      [bx + bw + depth, groundY],
      [bx + bw, groundY],
    ],
    darken(facade, 0.32),
  );
  body += rect(bx, top, bw, groundY - top, facade);
  body += rect(bx, top, bw, groundY - top, 'url(#facadeShade)');
  body += rect(bx - 12, top - 18, bw + 24, 22, trim);
  body += poly(
    [
      [bx + bw + 12, top - 18],
      [bx + bw + depth + 8, top + 14],
      [bx + bw + depth + 8, top + 34],
      [bx + bw + 12, top + 4],
    ],
    darken(trim, 0.3),
  );
  const colW = bw / cols;
  const winW = colW * 0.56;
  for (let f = 0; f < floors; f++) {
    const fy = top + 20 + f * floorH;
    body += rect(bx, fy + floorH - 6, bw, 4, darken(facade, 0.08));
    for (let c = 0; c < cols; c++) {
      const wx = bx + c * colW + (colW - winW) / 2;
      const lit = light === 'dusk' ? rnd.chance(0.45) : light === 'golden' && rnd.chance(0.12);
      body += rect(wx - 4, fy + 6, winW + 8, floorH - 22, trim);
      body += rect(wx, fy + 10, winW, floorH - 30, lit ? 'url(#glass-lit)' : 'url(#glass)');
      body += rect(wx + winW / 2 - 1.5, fy + 10, 3, floorH - 30, trim);
      body += rect(wx, fy + 10, winW * 0.35, floorH - 30, '#ffffff', 'opacity="0.08"');
      if (balconies && c % 2 === 1 && f < floors - 1) {
        const rail = darken(trim, 0.55);
        body += rect(wx - 10, fy + floorH - 34, winW + 20, 4, rail);
        for (let b = wx - 8; b < wx + winW + 10; b += 9) body += rect(b, fy + floorH - 30, 2, 22, rail);
        body += rect(wx - 12, fy + floorH - 10, winW + 24, 5, darken(facade, 0.25));
      }
    }
  }
  // Ground floor: shopfronts and the entrance.
  const gy = groundY - 90;
  body += rect(bx, gy, bw, 90, darken(facade, 0.18));
  const shops = Math.max(3, Math.floor(cols / 2));
  const shopW = bw / shops;
  const awning = rnd.pick(['#2f5d50', '#8a3b2e', '#27466e', '#3a3a3a', '#b5803a']);
  for (let s = 0; s < shops; s++) {
    const sx = bx + s * shopW + 14;
    if (s === Math.floor(shops / 2)) {
      body += rect(sx + shopW / 2 - 50, gy + 12, 72, 78, '#2a2622');
      body += rect(sx + shopW / 2 - 46, gy + 16, 30, 74, 'url(#glass)');
      body += rect(sx + shopW / 2 - 12, gy + 16, 30, 74, 'url(#glass)');
      body += rect(sx + shopW / 2 - 60, gy + 4, 92, 10, trim);
    } else {
      body += rect(sx, gy + 22, shopW - 28, 62, light === 'dusk' ? 'url(#glass-lit)' : 'url(#glass)');
      body += poly(
        [
          [sx - 6, gy + 6],
          [sx + shopW - 22, gy + 6],
          [sx + shopW - 14, gy + 30],
          [sx - 14, gy + 30],
        ],
        awning,
      );
      for (let k = 0; k < 6; k++) {
        body += rect(sx - 10 + k * ((shopW - 4) / 6), gy + 6, (shopW - 4) / 12, 24, '#ffffff', 'opacity="0.15"');
      }
    }
  }
  body += streetFront(light, groundY);
  // Street trees and a lamp post.
  const trees = rnd.int(1, 3);
  for (let t = 0; t < trees; t++) body += tree(rnd, rnd.pick([70, 1130, bx - 40, bx + bw + 60]), groundY + 40, rnd.int(200, 280));
  const lampX = rnd.int(60, 1140);
  body += rect(lampX - 3, groundY - 150, 6, 190, '#2b2b2b');
  body += ellipse(lampX, groundY - 156, 16, 9, light === 'day' ? '#dcdcdc' : '#ffe4a0');
  if (light !== 'day') body += circle(lampX, groundY - 150, 70, 'url(#softWarm)', 'opacity="0.5"');
  return { defs, body };
}

function drawTower(rnd: Random, light: Light): { defs: string; body: string } {
  const groundY = 800;
  const bx = rnd.int(300, 420);
  const bw = rnd.int(380, 480);
  const panel = rnd.pick(['#2d4a63', '#3b5566', '#2a3f4f', '#4a5d6e']);
  const defs =
    windowGlass('glass', light) +
    linear('curtain', [
      [0, lighten(panel, light === 'day' ? 0.45 : 0.25)],
      [0.45, panel],
      [1, darken(panel, 0.3)],
    ]) +
    linear(
      'reflect',
      [
        [0, '#ffffff', 0.35],
        [1, '#ffffff', 0],
      ],
      false,
    );
  let body = skyline(rnd, light, groundY, light === 'dusk');
  const top = 120;
  // Setback penthouse with terrace.
  body += rect(bx + 60, top - 60, bw - 140, 60, darken(panel, 0.1));
  body += rect(bx + 64, top - 52, bw - 148, 44, 'url(#glass)');
  body += rect(bx + 40, top - 8, bw - 80, 8, '#e8e8e8');
  for (let p = bx + bw - 76; p < bx + bw - 44; p += 14) body += circle(p, top - 14, 10, '#4d7d3c');
  body += rect(bx, top, bw, groundY - top, 'url(#curtain)');
  // Side face.
  body += poly(
    [
      [bx + bw, top],
      [bx + bw + 70, top + 24],
      [bx + bw + 70, groundY],
      [bx + bw, groundY],
    ],
    darken(panel, 0.45),
  );
  for (let y = top; y < groundY; y += 34) {
    body += rect(bx, y, bw, 3, '#d9dde0', 'opacity="0.7"');
    for (let x = bx; x < bx + bw; x += 48) {
      const lit = light === 'dusk' && rnd.chance(0.3);
      if (lit) body += rect(x + 3, y + 5, 42, 26, 'url(#glass-lit)', 'opacity="0.85"');
    }
  }
  for (let x = bx; x <= bx + bw; x += 48) body += rect(x, top, 2, groundY - top, '#c5ccd2', 'opacity="0.6"');
  body += poly(
    [
      [bx + bw * 0.1, top],
      [bx + bw * 0.35, top],
      [bx + bw * 0.12, groundY],
      [bx, groundY],
      [bx, top + 200],
    ],
    'url(#reflect)',
    'opacity="0.6"',
  );
  // Podium.
  body += rect(bx - 80, groundY - 70, bw + 160, 70, '#d7d2c8');
  body += rect(bx - 60, groundY - 58, bw + 120, 50, light === 'dusk' ? 'url(#glass-lit)' : 'url(#glass)');
  body += rect(bx - 90, groundY - 80, bw + 180, 12, '#3a3a3a');
  body += streetFront(light, groundY);
  body += tree(rnd, bx - 140, groundY + 40, 220);
  body += tree(rnd, bx + bw + 170, groundY + 40, 240);
  return { defs, body };
}

function drawTownhouses(rnd: Random, light: Light): { defs: string; body: string } {
  const groundY = 770;
  const defs = windowGlass('glass', light);
  let body = '';
  // Trees behind the row.
  for (let x = 0; x < W; x += 150) body += tree(rnd, x + rnd.int(-20, 20), groundY - 200, rnd.int(160, 240));
  const palette = ['#9c4a3a', '#b7684c', '#d8c3a5', '#6f7f8c', '#a89f91', '#e8d9c0', '#7a5a48', '#c9b18e', '#5f6f64'];
  const houses = rnd.int(4, 5);
  const hw = (W + 40) / houses;
  for (let h = 0; h < houses; h++) {
    const x = -20 + h * hw;
    const color = rnd.pick(palette);
    const storeys = rnd.int(3, 4);
    const top = groundY - storeys * 150 - 40;
    const trim = rnd.pick(['#f3efe7', '#2f2f2f', '#e9e1d0']);
    body += rect(x, top, hw + 1, groundY - top, color);
    // Brick texture hint.
    for (let y = top + 10; y < groundY; y += 14) body += rect(x, y, hw, 1, darken(color, 0.12), 'opacity="0.5"');
    if (rnd.chance(0.4)) {
      body += poly(
        [
          [x - 6, top],
          [x + hw / 2, top - 90],
          [x + hw + 6, top],
        ],
        darken(color, 0.35),
      );
    } else {
      body += rect(x - 4, top - 26, hw + 8, 26, trim);
      body += rect(x - 4, top - 8, hw + 8, 6, darken(trim, 0.2));
    }
    for (let s = 0; s < storeys; s++) {
      const fy = top + 30 + s * 150;
      const isGround = s === storeys - 1;
      const windowsHere = isGround ? 1 : 2;
      for (let k = 0; k < windowsHere; k++) {
        const wx = isGround ? x + hw * 0.58 : x + hw * (0.16 + k * 0.42);
        const ww = hw * 0.26;
        const lit = light === 'dusk' && rnd.chance(0.5);
        body += rect(wx - 6, fy - 10, ww + 12, 14, trim);
        body += rect(wx, fy, ww, 96, lit ? 'url(#glass-lit)' : 'url(#glass)');
        body += rect(wx + ww / 2 - 2, fy, 4, 96, trim);
        body += rect(wx, fy + 44, ww, 4, trim);
        body += rect(wx - 6, fy + 96, ww + 12, 8, trim);
      }
      if (isGround) {
        const dx = x + hw * 0.14;
        const door = rnd.pick(['#2d3e50', '#7b2e2e', '#1f3b2d', '#3b2a22', '#c1a15a']);
        body += rect(dx - 8, fy - 20, hw * 0.3 + 16, 132, trim);
        body += rect(dx, fy - 10, hw * 0.3, 122, door);
        body += circle(dx + hw * 0.25, fy + 54, 4, '#d4b35a');
        // Stoop.
        for (let st = 0; st < 4; st++)
          body += rect(dx - 16 - st * 6, fy + 112 + st * 9, hw * 0.3 + 32 + st * 12, 9, darken('#b8b2a6', st * 0.05));
      }
    }
    body += rect(x, top, 2, groundY - top, darken(color, 0.3));
  }
  body += streetFront(light, groundY + 40);
  body += tree(rnd, rnd.int(80, 1100), groundY + 90, rnd.int(220, 280));
  return { defs, body };
}

function drawWarehouse(rnd: Random, light: Light): { defs: string; body: string } {
  const groundY = 780;
  const brick = rnd.pick(['#8e4a36', '#9b5a43', '#7d3f2f', '#a4624a']);
  const defs =
    windowGlass('glass', light) +
    `<pattern id="bricks" width="48" height="20" patternUnits="userSpaceOnUse">` +
    rect(0, 0, 48, 20, brick) +
    rect(0, 9, 48, 2, darken(brick, 0.3)) +
    rect(0, 19, 48, 1, darken(brick, 0.3)) +
    rect(23, 0, 2, 9, darken(brick, 0.3)) +
    rect(11, 11, 2, 8, darken(brick, 0.3)) +
    rect(35, 11, 2, 8, darken(brick, 0.3)) +
    rect(2, 1, 18, 7, lighten(brick, 0.08), 'opacity="0.6"') +
    `</pattern>`;
  let body = skyline(rnd, light, groundY, light === 'dusk');
  const bx = 80;
  const bw = 960;
  const top = 230;
  body += rect(bx, top, bw, groundY - top, 'url(#bricks)');
  body += poly(
    [
      [bx + bw, top],
      [bx + bw + 80, top + 26],
      [bx + bw + 80, groundY],
      [bx + bw, groundY],
    ],
    darken(brick, 0.4),
  );
  body += rect(bx - 10, top - 16, bw + 20, 18, darken(brick, 0.25));
  // Water tower on the roof.
  const tx = rnd.int(bx + 120, bx + bw - 200);
  for (const lx of [tx + 8, tx + 62, tx + 116]) body += rect(lx, top - 90, 6, 74, '#3d3027');
  body += rect(tx, top - 190, 130, 100, '#6e5440');
  for (let y = top - 185; y < top - 90; y += 18) body += rect(tx, y, 130, 3, '#4a3728');
  body += poly(
    [
      [tx - 6, top - 190],
      [tx + 65, top - 240],
      [tx + 136, top - 190],
    ],
    '#4a3a2e',
  );
  const floors = 4;
  const cols = 6;
  const colW = bw / cols;
  for (let f = 0; f < floors; f++) {
    const fy = top + 30 + f * 125;
    for (let c = 0; c < cols; c++) {
      const wx = bx + c * colW + 26;
      const ww = colW - 52;
      const wh = 92;
      const lit = light === 'dusk' && rnd.chance(0.5);
      body += `<path d="M${r1(wx - 6)},${fy + wh + 4} L${r1(wx - 6)},${fy + 18} Q${r1(wx + ww / 2)},${fy - 14} ${r1(wx + ww + 6)},${fy + 18} L${r1(wx + ww + 6)},${fy + wh + 4} Z" fill="${darken(brick, 0.35)}"/>`;
      body += `<path d="M${r1(wx)},${fy + wh} L${r1(wx)},${fy + 20} Q${r1(wx + ww / 2)},${fy - 6} ${r1(wx + ww)},${fy + 20} L${r1(wx + ww)},${fy + wh} Z" fill="${lit ? 'url(#glass-lit)' : 'url(#glass)'}"/>`;
      for (let k = 1; k < 4; k++) body += rect(wx + (ww / 4) * k - 1.5, fy + 4, 3, wh - 4, '#1f1f1f');
      for (let k = 1; k < 3; k++) body += rect(wx, fy + 20 + ((wh - 20) / 3) * k, ww, 3, '#1f1f1f');
      body += rect(wx - 8, fy + wh + 2, ww + 16, 8, '#c9c1b5');
    }
  }
  // Loading dock turned entrance with canopy.
  body += rect(bx + bw / 2 - 90, groundY - 120, 180, 120, '#2a2622');
  body += rect(bx + bw / 2 - 80, groundY - 110, 160, 110, light === 'dusk' ? 'url(#glass-lit)' : 'url(#glass)');
  body += rect(bx + bw / 2 - 130, groundY - 140, 260, 14, '#1f1f1f');
  for (let k = 0; k < 5; k++) body += rect(bx + bw / 2 - 120 + k * 60, groundY - 126, 3, 30, '#1f1f1f');
  body += streetFront(light, groundY);
  body += tree(rnd, 60, groundY + 50, 240);
  body += tree(rnd, 1140, groundY + 50, 220);
  return { defs, body };
}

function drawExterior(n: number): string {
  const rnd = createRandom(mixSeed(IMAGE_SEED, 1, n));
  const kind = EXTERIOR_KINDS[n - 1] ?? 'midrise';
  const light: Light = (['day', 'golden', 'day', 'dusk'] as const)[n % 4] ?? 'day';
  const sky = skyAndSun(rnd, light);
  const scene =
    kind === 'tower'
      ? drawTower(rnd, light)
      : kind === 'townhouse'
        ? drawTownhouses(rnd, light)
        : kind === 'warehouse'
          ? drawWarehouse(rnd, light)
          : drawMidrise(rnd, light);
  return finish(sky.defs + scene.defs, sky.body + scene.body);
}

// ---------------------------------------------------------------------------------------------
// Interiors
// ---------------------------------------------------------------------------------------------

const WALLS = ['#efe8dc', '#e4e8e1', '#dfe3e6', '#f2ece4', '#d9d2c5', '#e8ddd0', '#cfd8cf', '#e9e4da'];
const FABRICS = ['#7d8c7a', '#3f5368', '#b98b5e', '#d8cfc0', '#8a5a4a', '#5e6b73', '#c9b79c', '#2f4f4f', '#a3703f'];
const WOODS = ['#b88a5b', '#a47148', '#c9a57a', '#8a6240', '#d2b48c'];

type Room = { defs: string; back: string; floorY: number };

/** Back wall, floor with planks in perspective, a window with daylight and a light beam. */
function roomShell(rnd: Random, opts: { floorY?: number; windowX?: number; windowW?: number } = {}): Room {
  const wall = rnd.pick(WALLS);
  const wood = rnd.pick(WOODS);
  const floorY = opts.floorY ?? 620;
  const vx = rnd.int(450, 750);
  const defs =
    linear('wall', [
      [0, lighten(wall, 0.15)],
      [1, darken(wall, 0.08)],
    ]) +
    linear(
      'wallSide',
      [
        [0, darken(wall, 0.12)],
        [1, wall],
      ],
      false,
    ) +
    linear('floor', [
      [0, darken(wood, 0.15)],
      [1, lighten(wood, 0.12)],
    ]) +
    linear('view', [
      [0, '#8fbbe6'],
      [0.7, '#cfe3f3'],
      [1, '#e9f1e4'],
    ]) +
    linear('beam', [
      [0, '#fffbe8', 0.55],
      [1, '#fffbe8', 0],
    ]) +
    radial('glow', [
      [0, '#fff3cf', 0.9],
      [1, '#fff3cf', 0],
    ]);
  let back = rect(0, 0, W, floorY, 'url(#wall)');
  back += rect(0, 0, 70, floorY, 'url(#wallSide)', 'opacity="0.6"');
  back += rect(0, floorY, W, H - floorY, 'url(#floor)');
  for (let k = -12; k <= 12; k++) {
    const x0 = vx + k * 50;
    const x1 = vx + k * 170;
    back += `<line x1="${x0}" y1="${floorY}" x2="${x1}" y2="${H}" stroke="${darken(wood, 0.3)}" stroke-width="1.5" opacity="0.5"/>`;
  }
  for (let y = floorY + 20, step = 18; y < H; step *= 1.25, y += step) {
    back += rect(0, y, W, 1, darken(wood, 0.2), 'opacity="0.25"');
  }
  back += rect(0, floorY - 14, W, 14, lighten(wall, 0.3));
  back += rect(0, floorY - 2, W, 3, darken(wall, 0.2));
  // Window with a view.
  const wx = opts.windowX ?? rnd.int(80, 760);
  const ww = opts.windowW ?? rnd.int(260, 360);
  const wy = 90;
  const wh = floorY - 220;
  back += rect(wx - 14, wy - 14, ww + 28, wh + 28, '#f7f5f0');
  // The view: sky, distant buildings and tree tops, clipped to the window.
  let view = rect(wx, wy, ww, wh, 'url(#view)');
  for (let k = 0; k < 5; k++) {
    const bh = rnd.int(60, 160);
    view += rect(wx + k * (ww / 5), wy + wh - bh, ww / 6, bh, '#b7c4cf', 'opacity="0.7"');
  }
  for (let k = 0; k < 4; k++) view += circle(wx + rnd.int(0, ww), wy + wh - 10, rnd.int(30, 50), '#7fa36a', 'opacity="0.8"');
  back += `<clipPath id="windowClip">${rect(wx, wy, ww, wh, '#fff')}</clipPath><g clip-path="url(#windowClip)">${view}</g>`;
  back += rect(wx + ww / 2 - 4, wy, 8, wh, '#f7f5f0');
  back += rect(wx, wy + wh * 0.42, ww, 8, '#f7f5f0');
  back += rect(wx - 24, wy + wh + 10, ww + 48, 12, '#ece8df');
  // Curtains.
  const curtain = rnd.pick(['#efe6d6', '#d9d4c7', '#c8cfc4', '#e9dccb']);
  back += rect(wx - 70, wy - 40, 60, wh + 90, curtain, 'opacity="0.95"');
  back += rect(wx + ww + 10, wy - 40, 60, wh + 90, curtain, 'opacity="0.95"');
  back += rect(wx - 90, wy - 46, ww + 180, 6, '#6d655b');
  // Daylight on the floor.
  back += poly(
    [
      [wx, floorY],
      [wx + ww, floorY],
      [wx + ww + 260, H],
      [wx + 120, H],
    ],
    'url(#beam)',
    'opacity="0.55"',
  );
  return { defs, back, floorY };
}

function plant(rnd: Random, x: number, baseY: number, scale = 1): string {
  const pot = rnd.pick(['#d9d4cc', '#b5643f', '#3a3a3a', '#e8e2d6']);
  let out = '';
  for (let i = 0; i < 9; i++) {
    const angle = -70 + i * 17 + rnd.int(-6, 6);
    const len = (80 + rnd.int(0, 60)) * scale;
    out += `<ellipse cx="${r1(x)}" cy="${r1(baseY - 60 * scale - len / 2)}" rx="${r1(16 * scale)}" ry="${r1(len / 2)}" fill="${rnd.pick(['#3f7a45', '#4e8a4f', '#2f6a3a', '#5d9a5a'])}" transform="rotate(${angle} ${r1(x)} ${r1(baseY - 60 * scale)})"/>`;
  }
  out += poly(
    [
      [x - 34 * scale, baseY - 70 * scale],
      [x + 34 * scale, baseY - 70 * scale],
      [x + 26 * scale, baseY],
      [x - 26 * scale, baseY],
    ],
    pot,
  );
  return out;
}

function artwork(rnd: Random, x: number, y: number, w: number, h: number): string {
  const frame = rnd.pick(['#2b2b2b', '#c9a56a', '#f5f3ee', '#6b4a33']);
  let out = rect(x + 5, y + 7, w, h, '#000000', 'opacity="0.1"');
  out += rect(x, y, w, h, frame);
  out += rect(x + 10, y + 10, w - 20, h - 20, '#f7f4ee');
  const colors = ['#d98c5f', '#3f5f7a', '#e2c26f', '#8fae9b', '#b5523b', '#2f3e46'];
  for (let i = 0; i < 3; i++) {
    if (rnd.chance(0.5))
      out += circle(x + rnd.int(30, w - 30), y + rnd.int(30, h - 30), rnd.int(14, Math.min(w, h) / 4), rnd.pick(colors), 'opacity="0.85"');
    else
      out += rect(
        x + rnd.int(20, w / 2),
        y + rnd.int(20, h / 2),
        rnd.int(20, w / 2 - 10),
        rnd.int(20, h / 2 - 10),
        rnd.pick(colors),
        'opacity="0.85"',
      );
  }
  return out;
}

function floorLamp(x: number, floorY: number): string {
  return (
    rect(x - 2, floorY - 300, 4, 300, '#2f2f2f') +
    ellipse(x, floorY, 30, 6, '#2f2f2f') +
    poly(
      [
        [x - 38, floorY - 300],
        [x + 38, floorY - 300],
        [x + 26, floorY - 360],
        [x - 26, floorY - 360],
      ],
      '#f1e6cf',
    ) +
    circle(x, floorY - 300, 110, 'url(#glow)', 'opacity="0.5"')
  );
}

function drawLiving(rnd: Random): string {
  const room = roomShell(rnd);
  const fy = room.floorY;
  const fabric = rnd.pick(FABRICS);
  const cushion = rnd.pick(FABRICS.filter((f) => f !== fabric));
  const sx = rnd.int(250, 420);
  const sw = rnd.int(520, 620);
  let body = room.back;
  body += artwork(rnd, sx + sw / 2 - 140, 150, 280, 190);
  // Rug.
  body += ellipse(sx + sw / 2, fy + 190, 420, 90, rnd.pick(['#d9cbb5', '#a9b4b8', '#c8a98c', '#e6e0d4']));
  body += ellipse(sx + sw / 2, fy + 190, 380, 74, '#ffffff', 'opacity="0.12"');
  // Sofa.
  body += ellipse(sx + sw / 2, fy + 100, sw / 2 + 30, 22, 'url(#softShadow)', 'opacity="0.45"');
  body += `<rect x="${sx}" y="${fy - 150}" width="${sw}" height="140" rx="24" fill="${darken(fabric, 0.1)}"/>`;
  body += `<rect x="${sx + 10}" y="${fy - 40}" width="${sw - 20}" height="86" rx="18" fill="${fabric}"/>`;
  body += `<rect x="${sx - 40}" y="${fy - 90}" width="70" height="150" rx="22" fill="${darken(fabric, 0.05)}"/>`;
  body += `<rect x="${sx + sw - 30}" y="${fy - 90}" width="70" height="150" rx="22" fill="${darken(fabric, 0.05)}"/>`;
  body += rect(sx + 10, fy + 40, sw - 20, 10, darken(fabric, 0.3));
  body += rect(sx, fy + 50, 8, 40, '#3a2f25') + rect(sx + sw - 8, fy + 50, 8, 40, '#3a2f25');
  for (let k = 0; k < 3; k++) {
    body += `<rect x="${sx + 40 + k * ((sw - 80) / 3)}" y="${fy - 120}" width="${(sw - 80) / 3 - 14}" height="80" rx="16" fill="${lighten(fabric, 0.08)}"/>`;
  }
  body += `<rect x="${sx + 30}" y="${fy - 110}" width="110" height="86" rx="20" fill="${cushion}" transform="rotate(-8 ${sx + 85} ${fy - 67})"/>`;
  body += `<rect x="${sx + sw - 140}" y="${fy - 110}" width="110" height="86" rx="20" fill="${cushion}" transform="rotate(8 ${sx + sw - 85} ${fy - 67})"/>`;
  // Coffee table.
  const wood = rnd.pick(WOODS);
  const tx = sx + sw / 2;
  body += ellipse(tx, fy + 190, 180, 36, darken(wood, 0.1));
  body += ellipse(tx, fy + 180, 180, 36, wood);
  body += rect(tx - 120, fy + 195, 10, 70, darken(wood, 0.3)) + rect(tx + 110, fy + 195, 10, 70, darken(wood, 0.3));
  body += rect(tx - 60, fy + 160, 90, 14, '#e7dfcf') + rect(tx - 55, fy + 148, 80, 12, '#3f5368');
  body += ellipse(tx + 80, fy + 170, 20, 8, '#f5f5f5');
  if (rnd.chance(0.5)) {
    // An armchair beside the sofa.
    const ax = sx + sw + 70;
    const chair = rnd.pick(FABRICS.filter((f) => f !== fabric));
    body += ellipse(ax + 80, fy + 150, 110, 14, 'url(#softShadow)', 'opacity="0.4"');
    body += `<rect x="${ax}" y="${fy - 110}" width="170" height="130" rx="30" fill="${darken(chair, 0.08)}"/>`;
    body += `<rect x="${ax - 14}" y="${fy - 20}" width="198" height="110" rx="24" fill="${chair}"/>`;
    body += rect(ax + 10, fy + 90, 8, 50, '#3a2f25') + rect(ax + 152, fy + 90, 8, 50, '#3a2f25');
    body += plant(rnd, 110, fy + 60, 1.1);
  } else {
    body += plant(rnd, rnd.pick([110, 1090]), fy + 60, 1.1);
    body += floorLamp(sx + sw + 110, fy + 40);
  }
  return finish(room.defs, body);
}

function drawBedroom(rnd: Random): string {
  const room = roomShell(rnd, { windowX: rnd.pick([90, 820]), windowW: 280 });
  const fy = room.floorY;
  const linen = rnd.pick(['#f4f1ea', '#e9edf0', '#efe6da']);
  const duvet = rnd.pick(['#c9d3d6', '#e6dccb', '#b8c4b0', '#d9c2b0', '#aab6c5']);
  const throwColor = rnd.pick(FABRICS);
  const head = rnd.pick(['#5e6b73', '#8a6240', '#c9b79c', '#3f5368', '#d8cfc0']);
  const bx = 330;
  const bw = 540;
  let body = room.back;
  body += artwork(rnd, bx + 90, 110, 160, 120) + artwork(rnd, bx + bw - 250, 110, 160, 120);
  body += ellipse(bx + bw / 2, fy + 230, 520, 90, rnd.pick(['#d9cbb5', '#c9c3b8', '#b7a48d']), 'opacity="0.9"');
  body += ellipse(bx + bw / 2, fy + 170, bw / 2 + 40, 26, 'url(#softShadow)', 'opacity="0.45"');
  body += `<rect x="${bx - 10}" y="${fy - 240}" width="${bw + 20}" height="280" rx="18" fill="${head}"/>`;
  for (let k = 1; k < 6; k++) body += rect(bx - 10 + k * ((bw + 20) / 6), fy - 232, 2, 264, darken(head, 0.2), 'opacity="0.6"');
  body += `<rect x="${bx}" y="${fy - 40}" width="${bw}" height="110" rx="10" fill="${linen}"/>`;
  body += `<rect x="${bx + 50}" y="${fy - 120}" width="${bw / 2 - 70}" height="90" rx="22" fill="${linen}"/>`;
  body += `<rect x="${bx + bw / 2 + 20}" y="${fy - 120}" width="${bw / 2 - 70}" height="90" rx="22" fill="${linen}"/>`;
  body += `<rect x="${bx + 130}" y="${fy - 90}" width="${bw - 260}" height="70" rx="18" fill="${throwColor}" opacity="0.9"/>`;
  body += `<path d="M${bx - 20},${fy - 10} L${bx + bw + 20},${fy - 10} L${bx + bw + 50},${fy + 170} L${bx - 50},${fy + 170} Z" fill="${duvet}"/>`;
  body += `<path d="M${bx - 40},${fy + 100} L${bx + bw + 40},${fy + 100} L${bx + bw + 50},${fy + 170} L${bx - 50},${fy + 170} Z" fill="${throwColor}" opacity="0.85"/>`;
  for (let k = 0; k < 4; k++)
    body += `<path d="M${bx + 60 + k * 120},${fy + 10} q30,40 10,80" stroke="${darken(duvet, 0.15)}" stroke-width="3" fill="none" opacity="0.5"/>`;
  // Nightstands with lamps.
  const wood = rnd.pick(WOODS);
  for (const nx of [bx - 170, bx + bw + 50]) {
    body +=
      rect(nx, fy - 60, 120, 120, wood) + rect(nx + 10, fy - 40, 100, 3, darken(wood, 0.3)) + rect(nx + 54, fy - 20, 12, 4, '#d4b35a');
    body += rect(nx + 56, fy - 150, 8, 90, '#c9b79c');
    body += poly(
      [
        [nx + 25, fy - 150],
        [nx + 95, fy - 150],
        [nx + 80, fy - 200],
        [nx + 40, fy - 200],
      ],
      '#f3ead6',
    );
    body += circle(nx + 60, fy - 160, 120, 'url(#glow)', 'opacity="0.45"');
  }
  body += plant(rnd, rnd.pick([80, 1120]), fy + 120, 1);
  return finish(room.defs, body);
}

function drawKitchen(rnd: Random): string {
  const room = roomShell(rnd, { windowX: rnd.int(760, 840), windowW: 260, floorY: 640 });
  const fy = room.floorY;
  const cabinet = rnd.pick(['#f4f2ee', '#2f4f4f', '#3f5368', '#7d8c7a', '#d8cfc0', '#1f2a30']);
  const counter = rnd.pick(['#ebe8e3', '#d8d4cc', '#3a3a3a', '#f5f3ef']);
  const tile = rnd.pick(['#ffffff', '#e7efe9', '#d6e2ea', '#efe4d6']);
  const defs =
    room.defs +
    `<pattern id="tiles" width="40" height="20" patternUnits="userSpaceOnUse">${rect(0, 0, 40, 20, tile)}${rect(0, 19, 40, 1, darken(tile, 0.15))}${rect(39, 0, 1, 20, darken(tile, 0.15))}</pattern>`;
  let body = room.back;
  const runEnd = 720;
  // Backsplash and upper cabinets.
  body += rect(40, fy - 300, runEnd - 40, 130, 'url(#tiles)');
  for (let x = 40; x < runEnd - 10; x += 136) {
    body += rect(x, 80, 130, 170, cabinet) + rect(x + 8, 88, 114, 154, lighten(cabinet, 0.06));
    body += rect(x + 58, 220, 14, 4, '#b8b2a6');
  }
  // Range hood.
  body += poly(
    [
      [300, 250],
      [440, 250],
      [470, 330],
      [270, 330],
    ],
    '#c9ccd0',
  );
  // Lower cabinets + counter.
  body += rect(40, fy - 170, runEnd - 40, 170, cabinet);
  for (let x = 40; x < runEnd - 10; x += 136) {
    body += rect(x + 6, fy - 140, 124, 134, lighten(cabinet, 0.05));
    body += rect(x + 50, fy - 124, 36, 4, '#b8b2a6');
  }
  body += rect(30, fy - 184, runEnd - 20, 16, counter);
  // Hob, sink and tap.
  body += rect(290, fy - 188, 160, 6, '#1e1e1e');
  body += rect(520, fy - 186, 120, 6, '#9aa0a6');
  body += `<path d="M580,${fy - 186} L580,${fy - 250} Q580,${fy - 270} 600,${fy - 270} L615,${fy - 270} L615,${fy - 258}" stroke="#8d949b" stroke-width="8" fill="none"/>`;
  body += rect(110, fy - 230, 40, 46, '#e8e2d6') + rect(160, fy - 214, 30, 30, '#b5643f');
  body += plant(rnd, 680, fy - 184, 0.5);
  // Island with stools.
  const ix = 260;
  const iw = 640;
  body += ellipse(ix + iw / 2, fy + 240, iw / 2 + 40, 20, 'url(#softShadow)', 'opacity="0.5"');
  body += rect(ix, fy + 40, iw, 190, darken(cabinet, 0.08));
  for (let x = ix + 10; x < ix + iw - 10; x += 158) body += rect(x, fy + 60, 150, 160, cabinet);
  body += rect(ix - 30, fy + 20, iw + 60, 24, counter);
  body += rect(ix - 30, fy + 44, iw + 60, 4, darken(counter, 0.2));
  body += ellipse(ix + 180, fy + 14, 60, 10, '#f2efe8') + circle(ix + 170, fy + 4, 12, '#e2a23b') + circle(ix + 195, fy + 6, 11, '#c8402e');
  const stool = rnd.pick(['#2f2f2f', '#a47148', '#c9b79c']);
  for (let k = 0; k < 3; k++) {
    const sx = ix + 120 + k * 200;
    body +=
      rect(sx - 4, fy + 150, 8, 110, stool) + ellipse(sx, fy + 146, 46, 12, darken(stool, 0.1)) + rect(sx - 30, fy + 220, 60, 4, stool);
  }
  // Pendants.
  for (let k = 0; k < 3; k++) {
    const px = ix + 140 + k * 180;
    body += rect(px - 1, 0, 2, 170, '#2f2f2f');
    body += `<path d="M${px - 40},${200} Q${px},${140} ${px + 40},${200} Z" fill="${rnd.pick(['#2f2f2f', '#c9a56a', '#e8e2d6'])}"/>`;
    body += circle(px, 210, 90, 'url(#glow)', 'opacity="0.5"');
  }
  return finish(defs, body);
}

function drawRoom(n: number): string {
  const rnd = createRandom(mixSeed(IMAGE_SEED, 2, n));
  const kind = ROOM_KINDS[n - 1] ?? 'living';
  if (kind === 'bedroom') return drawBedroom(rnd);
  if (kind === 'kitchen') return drawKitchen(rnd);
  return drawLiving(rnd);
}

// ---------------------------------------------------------------------------------------------
// Amenities
// ---------------------------------------------------------------------------------------------

function palm(x: number, groundY: number, height: number, lean: number): string {
  const topX = x + lean;
  const topY = groundY - height;
  let out = `<path d="M${x - 10},${groundY} Q${x + lean * 0.2},${groundY - height / 2} ${topX - 5},${topY} L${topX + 5},${topY} Q${x + lean * 0.2 + 14},${groundY - height / 2} ${x + 10},${groundY} Z" fill="#7a6148"/>`;
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    const ex = topX + Math.cos(a) * 130;
    const ey = topY + Math.sin(a) * 55 + 30;
    out += `<path d="M${topX},${topY} Q${r1((topX + ex) / 2)},${r1(topY - 50)} ${r1(ex)},${r1(ey)} Q${r1((topX + ex) / 2)},${r1(topY - 20)} ${topX},${topY + 8} Z" fill="${i % 2 ? '#3f7a45' : '#2f6a3a'}"/>`;
  }
  return out;
}

function drawPool(rnd: Random): string {
  const light: Light = rnd.chance(0.5) ? 'day' : 'golden';
  const sky = skyAndSun(rnd, light);
  const defs =
    sky.defs +
    linear('water', [
      [0, '#7fd3e0'],
      [0.5, '#2fa7c4'],
      [1, '#1c7fa6'],
    ]) +
    linear('deck', [
      [0, '#e9e1d3'],
      [1, '#d4c7b1'],
    ]);
  let body = sky.body;
  const horizon = 430;
  body += skyline(rnd, light, horizon, false);
  body += rect(0, horizon - 60, W, 60, '#4d7d3c');
  for (let x = 0; x < W; x += 90)
    body += circle(x + rnd.int(-20, 20), horizon - 60, rnd.int(40, 70), rnd.pick(['#3f6b35', '#4d7d3c', '#5c8f46']));
  body += rect(0, horizon, W, H - horizon, 'url(#deck)');
  for (let y = horizon + 20, step = 16; y < H; step *= 1.2, y += step) body += rect(0, y, W, 1, '#bfb29c', 'opacity="0.6"');
  const pool: [number, number][] = [
    [330, horizon + 40],
    [870, horizon + 40],
    [1120, H - 60],
    [80, H - 60],
  ];
  body += poly(pool, '#f4f1ea', 'transform="translate(0,-8)"');
  body += poly(pool, 'url(#water)');
  for (let k = 0; k < 16; k++) {
    const y = horizon + 60 + k * 24;
    const x = 200 + rnd.int(0, 700);
    body += `<path d="M${x},${y} q20,-8 40,0 t40,0 t40,0" stroke="#ffffff" stroke-width="${2 + k * 0.15}" fill="none" opacity="0.45"/>`;
  }
  // Loungers and umbrellas.
  for (let k = 0; k < 3; k++) {
    const lx = 930 + k * 70;
    const ly = horizon + 80 + k * 90;
    body += `<path d="M${lx},${ly + 40} L${lx + 140},${ly + 40} L${lx + 160},${ly} L${lx + 180},${ly + 4} L${lx + 160},${ly + 48} L${lx},${ly + 48} Z" fill="#ffffff"/>`;
    body += rect(lx + 10, ly + 48, 6, 24, '#8d949b') + rect(lx + 140, ly + 48, 6, 24, '#8d949b');
  }
  const umbrella = rnd.pick(['#f2f0e9', '#2f5d50', '#c8553d']);
  body += rect(996, horizon - 60, 6, 200, '#6d655b');
  body += `<path d="M880,${horizon - 40} Q1000,${horizon - 150} 1120,${horizon - 40} Z" fill="${umbrella}"/>`;
  body += palm(120, horizon + 40, 380, 40) + palm(1120, horizon + 20, 330, -60);
  return finish(defs, body);
}

function drawGym(rnd: Random, light: boolean): string {
  const floorY = 600;
  const wall = light ? '#e4e2dd' : rnd.pick(['#3a3f45', '#4a4f55']);
  const dark = !light;
  const defs =
    linear('gymFloor', [
      [0, '#2d2f33'],
      [1, '#44474d'],
    ]) +
    linear('view', [
      [0, '#8fbbe6'],
      [1, '#dbe9f2'],
    ]) +
    linear(
      'mirror',
      [
        [0, '#d9e2e8'],
        [1, '#9fb0bb'],
      ],
      false,
    );
  let body = rect(0, 0, W, floorY, wall);
  body += rect(0, floorY, W, H - floorY, 'url(#gymFloor)');
  // Windows along the back.
  for (let x = 60; x < W - 100; x += 280) {
    body += rect(x, 80, 240, 380, 'url(#view)');
    for (let k = 0; k < 4; k++) {
      const bh = rnd.int(80, 220);
      body += rect(x + k * 60, 460 - bh, 50, bh, '#b7c4cf', 'opacity="0.7"');
    }
    body += rect(x, 80, 240, 380, 'none', 'stroke="#1f1f1f" stroke-width="10"');
    body += rect(x + 118, 80, 4, 380, '#1f1f1f');
  }
  body += rect(0, floorY - 30, W, 30, dark ? '#2a2d31' : '#c9c6bf');
  // Treadmills, seen from the side.
  for (let k = 0; k < 3; k++) {
    const tx = 90 + k * 250;
    const ty = floorY + 40 + k * 6;
    body += ellipse(tx + 110, ty + 62, 130, 12, 'url(#softShadow)', 'opacity="0.5"');
    body += poly(
      [
        [tx, ty + 30],
        [tx + 200, ty + 20],
        [tx + 210, ty + 56],
        [tx + 6, ty + 62],
      ],
      '#1a1a1a',
    );
    body += poly(
      [
        [tx + 8, ty + 30],
        [tx + 196, ty + 21],
        [tx + 200, ty + 32],
        [tx + 10, ty + 42],
      ],
      '#3a3a3a',
    );
    body += poly(
      [
        [tx + 168, ty + 24],
        [tx + 182, ty + 24],
        [tx + 212, ty - 150],
        [tx + 198, ty - 150],
      ],
      '#2b2b2b',
    );
    body += rect(tx + 150, ty - 110, 90, 10, '#2b2b2b');
    body += poly(
      [
        [tx + 176, ty - 150],
        [tx + 246, ty - 158],
        [tx + 250, ty - 126],
        [tx + 182, ty - 120],
      ],
      '#2b2b2b',
    );
    body += poly(
      [
        [tx + 184, ty - 146],
        [tx + 242, ty - 152],
        [tx + 244, ty - 132],
        [tx + 188, ty - 126],
      ],
      '#3b6ea5',
    );
  }
  // Dumbbell rack.
  body += rect(820, floorY + 120, 340, 16, '#2b2b2b') + rect(820, floorY + 180, 340, 16, '#2b2b2b');
  body += rect(830, floorY + 130, 10, 120, '#2b2b2b') + rect(1140, floorY + 130, 10, 120, '#2b2b2b');
  for (let k = 0; k < 6; k++) {
    const dx = 850 + k * 52;
    for (const y of [floorY + 108, floorY + 168]) {
      body += circle(dx, y, 14 + k, '#111111') + circle(dx + 30, y, 14 + k, '#111111') + rect(dx, y - 3, 30, 6, '#9aa0a6');
    }
  }
  // Kettlebells and a bench.
  for (let k = 0; k < 4; k++) {
    const kx = 160 + k * 70;
    body += circle(kx, floorY + 250, 26, rnd.pick(['#c8402e', '#2f5d50', '#1f1f1f', '#e2a23b']));
    body += `<path d="M${kx - 14},${floorY + 228} q14,-30 28,0" stroke="#1f1f1f" stroke-width="7" fill="none"/>`;
  }
  body += rect(520, floorY + 200, 240, 30, '#1f1f1f') + rect(540, floorY + 230, 12, 60, '#555') + rect(730, floorY + 230, 12, 60, '#555');
  body += rect(0, 0, W, 26, '#1f1f1f');
  for (let x = 100; x < W; x += 250) body += rect(x, 26, 120, 8, '#fffbe8') + circle(x + 60, 40, 80, '#fffbe8', 'opacity="0.08"');
  return finish(defs, body);
}

function drawRooftop(rnd: Random, light: Light): string {
  const sky = skyAndSun(rnd, light);
  const defs =
    sky.defs +
    linear('deck', [
      [0, '#8a6240'],
      [1, '#b88a5b'],
    ]) +
    radial('bulb', [
      [0, '#fff6d0', 1],
      [1, '#ffd98a', 0],
    ]);
  let body = sky.body;
  const horizon = 520;
  body += skyline(rnd, light, horizon, light === 'dusk');
  // Glass balustrade.
  body += rect(0, horizon - 70, W, 70, '#dfe9ef', 'opacity="0.25"');
  body += rect(0, horizon - 74, W, 6, '#5a5a5a');
  for (let x = 0; x < W; x += 150) body += rect(x, horizon - 74, 4, 74, '#5a5a5a');
  body += rect(0, horizon, W, H - horizon, 'url(#deck)');
  for (let k = -10; k <= 10; k++) {
    body += `<line x1="${600 + k * 60}" y1="${horizon}" x2="${600 + k * 200}" y2="${H}" stroke="#5a3f28" stroke-width="2" opacity="0.5"/>`;
  }
  // String lights.
  for (let s = 0; s < 2; s++) {
    const y0 = 120 + s * 70;
    body += `<path d="M-20,${y0} Q600,${y0 + 160} 1220,${y0}" stroke="#2b2b2b" stroke-width="2" fill="none"/>`;
    for (let k = 0; k <= 20; k++) {
      const t = k / 20;
      const x = -20 + 1240 * t;
      const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + 160) + t * t * y0;
      body += circle(x, y + 8, 22, 'url(#bulb)') + circle(x, y + 8, 5, '#fff6d0');
    }
  }
  // Planters, seating, fire pit.
  for (const px of [60, 1040]) {
    body += rect(px, horizon + 30, 120, 90, '#4a4a4a');
    for (let k = 0; k < 6; k++)
      body += circle(px + 15 + k * 18, horizon + 30 - rnd.int(0, 30), rnd.int(24, 36), rnd.pick(['#3f6b35', '#4d7d3c', '#5c8f46']));
  }
  const cushion = rnd.pick(['#e9e1d3', '#c9b79c', '#7d8c7a']);
  body += `<rect x="240" y="${horizon + 140}" width="300" height="90" rx="14" fill="#5a5a5a"/><rect x="250" y="${horizon + 120}" width="280" height="50" rx="14" fill="${cushion}"/>`;
  body += `<rect x="700" y="${horizon + 150}" width="260" height="90" rx="14" fill="#5a5a5a"/><rect x="710" y="${horizon + 130}" width="240" height="50" rx="14" fill="${cushion}"/>`;
  body += ellipse(610, horizon + 290, 120, 30, '#3a3a3a') + rect(490, horizon + 250, 240, 40, '#4a4a4a');
  body += `<path d="M570,${horizon + 250} q20,-70 40,-10 q15,-50 30,10 z" fill="#f2a33a"/>`;
  body += circle(610, horizon + 240, 90, 'url(#bulb)', 'opacity="0.6"');
  return finish(defs, body);
}

function drawCoworking(rnd: Random): string {
  const room = roomShell(rnd, { windowX: 760, windowW: 340 });
  const fy = room.floorY;
  let body = room.back;
  // Bookshelf.
  const wood = rnd.pick(WOODS);
  body += rect(90, 110, 360, fy - 110, darken(wood, 0.1));
  for (let s = 0; s < 4; s++) {
    const sy = 130 + s * ((fy - 150) / 4);
    body += rect(100, sy, 340, (fy - 150) / 4 - 12, darken(wood, 0.45));
    let bx = 104;
    while (bx < 420) {
      const bw = rnd.int(10, 22);
      const bh = rnd.int(50, (fy - 150) / 4 - 16);
      body += rect(bx, sy + (fy - 150) / 4 - 12 - bh, bw, bh, rnd.pick(['#c8553d', '#2f5d50', '#e2c26f', '#3f5368', '#e8e2d6', '#8a5a4a']));
      bx += bw + 2;
    }
    body += rect(100, sy + (fy - 150) / 4 - 12, 340, 8, wood);
  }
  // Long table with laptops and chairs.
  body += rect(220, fy + 40, 760, 26, wood);
  body += rect(250, fy + 66, 14, 150, '#2f2f2f') + rect(940, fy + 66, 14, 150, '#2f2f2f');
  for (let k = 0; k < 4; k++) {
    const lx = 280 + k * 180;
    body += poly(
      [
        [lx, fy + 40],
        [lx + 90, fy + 40],
        [lx + 80, fy - 20],
        [lx + 10, fy - 20],
      ],
      '#b9bec4',
    );
    body += rect(lx + 14, fy - 16, 62, 50, '#3b6ea5', 'opacity="0.8"');
    body += ellipse(lx + 130, fy + 36, 14, 6, '#f5f5f5');
    const chair = rnd.pick(['#2f2f2f', '#c8553d', '#7d8c7a', '#e8e2d6']);
    body += `<rect x="${lx - 10}" y="${fy + 110}" width="110" height="120" rx="20" fill="${chair}"/>`;
  }
  for (let k = 0; k < 3; k++) {
    const px = 330 + k * 240;
    body += rect(px - 1, 0, 2, 180, '#2f2f2f');
    body += `<path d="M${px - 50},${210} Q${px},${150} ${px + 50},${210} Z" fill="#2f2f2f"/>`;
    body += circle(px, 220, 100, 'url(#glow)', 'opacity="0.55"');
  }
  body += plant(rnd, 1120, fy + 100, 1.2);
  return finish(room.defs, body);
}

function drawLobby(rnd: Random): string {
  const floorY = 560;
  const stone = rnd.pick(['#ece8e1', '#e3ddd3', '#d9d6d0']);
  const defs =
    linear('marble', [
      [0, darken(stone, 0.12)],
      [1, lighten(stone, 0.3)],
    ]) +
    linear(
      'panel',
      [
        [0, '#8a6240'],
        [1, '#6b4a33'],
      ],
      false,
    ) +
    linear(
      'steel',
      [
        [0, '#c9ccd0'],
        [0.5, '#eef0f2'],
        [1, '#aeb3b8'],
      ],
      false,
    ) +
    radial('glow', [
      [0, '#fff3cf', 0.9],
      [1, '#fff3cf', 0],
    ]);
  let body = rect(0, 0, W, floorY, 'url(#panel)');
  for (let x = 0; x < W; x += 40) body += rect(x, 0, 2, floorY, '#5a3f28', 'opacity="0.4"');
  body += rect(0, floorY, W, H - floorY, 'url(#marble)');
  for (let k = 0; k < 10; k++) {
    body += `<path d="M${rnd.int(0, W)},${floorY + rnd.int(10, 300)} q${rnd.int(40, 120)},${rnd.int(-30, 30)} ${rnd.int(120, 260)},${rnd.int(-20, 40)}" stroke="#b8b2a6" stroke-width="1.5" fill="none" opacity="0.6"/>`;
  }
  for (let x = -200; x < W + 200; x += 160)
    body += `<line x1="${600 + (x - 600) * 0.4}" y1="${floorY}" x2="${x}" y2="${H}" stroke="#c9c3b8" stroke-width="1.5"/>`;
  // Elevators.
  for (const ex of [700, 920]) {
    body += rect(ex - 14, 160, 188, floorY - 160, '#2b2b2b');
    body += rect(ex, 176, 78, floorY - 176, 'url(#steel)') + rect(ex + 82, 176, 78, floorY - 176, 'url(#steel)');
    body += circle(ex + 80, 140, 8, '#ffd98a');
  }
  // Reception desk.
  body += rect(120, floorY - 40, 420, 150, '#f2efe8');
  body += rect(110, floorY - 54, 440, 18, '#3a3a3a');
  for (let x = 130; x < 530; x += 40) body += rect(x, floorY - 30, 20, 130, '#e4dfd5');
  body += `<path d="M230,${floorY - 54} L230,${floorY - 120} L300,${floorY - 120} L300,${floorY - 54}" fill="#1f1f1f"/>`;
  // Sofa and chandelier.
  body += `<rect x="640" y="${floorY + 170}" width="380" height="110" rx="26" fill="${rnd.pick(['#2f4f4f', '#3f5368', '#8a5a4a'])}"/>`;
  body += ellipse(600, 120, 160, 30, '#d4b35a') + circle(600, 140, 200, 'url(#glow)', 'opacity="0.6"');
  for (let k = 0; k < 9; k++) body += rect(460 + k * 35, 120, 2, rnd.int(40, 90), '#e8d9a8');
  body += plant(rnd, 80, floorY + 200, 1.5) + plant(rnd, 1130, floorY + 220, 1.3);
  return finish(defs, body);
}

function drawAmenity(n: number): string {
  const rnd = createRandom(mixSeed(IMAGE_SEED, 3, n));
  switch (AMENITY_IMAGE_KINDS[n - 1]) {
    case 'pool':
      return drawPool(rnd);
    case 'gym':
      return drawGym(rnd, n % 2 === 0);
    case 'rooftop':
      return drawRooftop(rnd, n % 2 === 0 ? 'golden' : 'dusk');
    case 'coworking':
      return drawCoworking(rnd);
    default:
      return drawLobby(rnd);
  }
}

/** The SVG source of demo picture `n` (1-based) of `category`; exported for tests and previews. */
export function demoImageSvg(category: DemoImageCategory, n: number): string {
  if (category === 'exterior') return drawExterior(n);
  if (category === 'room') return drawRoom(n);
  return drawAmenity(n);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders every demo picture that is missing under `${uploadsDir}/demo/` (12 exterior, 12 room,
 * 8 amenity, each 400/800/1200 px wide WebP, 4:3). Files already there are left alone, so a
 * second call costs only a few `stat`s. Writes go through a temporary file and a rename, so an
 * interrupted run never leaves a half-written picture. Returns how many files exist afterwards
 * and how many were written now. Throws on file-system or rendering errors.
 */
export async function ensureDemoImages(uploadsDir: string): Promise<{ files: number; written: number }> {
  const dir = path.join(uploadsDir, 'demo');
  await fs.mkdir(dir, { recursive: true });
  let files = 0;
  let written = 0;
  const jobs: { category: DemoImageCategory; n: number }[] = [];
  for (const category of Object.keys(DEMO_IMAGE_COUNTS) as DemoImageCategory[]) {
    for (let n = 1; n <= DEMO_IMAGE_COUNTS[category]; n++) jobs.push({ category, n });
  }
  const run = async ({ category, n }: { category: DemoImageCategory; n: number }) => {
    const targets = DEMO_IMAGE_WIDTHS.map((width) => ({ width, file: demoImageFile(uploadsDir, category, n, width) }));
    const missing = [];
    for (const target of targets) if (!(await exists(target.file))) missing.push(target);
    files += targets.length - missing.length;
    if (missing.length === 0) return;
    // Rasterise the SVG once at full size, then downscale for the smaller widths.
    const raster = await sharp(Buffer.from(demoImageSvg(category, n)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const { width, file } of missing) {
      const tmp = `${file}.${process.pid}.tmp`;
      await sharp(raster.data, { raw: raster.info })
        .resize(width, Math.round((width * 3) / 4))
        .webp({ quality: 80, effort: 2 })
        .toFile(tmp);
      await fs.rename(tmp, file);
      files++;
      written++;
    }
  };
  // Two pictures at a time: sharp is already multi-threaded inside.
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) await run(job);
    }
  };
  await Promise.all([worker(), worker()]);
  return { files, written };
}
