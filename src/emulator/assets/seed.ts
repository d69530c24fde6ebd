import { createHash } from 'node:crypto';
import { DEMO_ORGANIZATION } from '../auth/identity.js';
import type { AssetLabel, AssetType, EmulatorAsset } from '../types.js';

/**
 * The demo organization's library: 25 assets of every type, in four folders and the root,
 * two of them archived, most of them labelled. Ids, dates and texts are fixed, so every
 * emulator (and every test) sees the same list in the same order.
 */
interface Seed {
  title: string;
  type: AssetType;
  folder: string | null;
  /** `Group: Value`, by names (see LABEL_GROUPS). */
  labels: string[];
  /** Article text; other assets have none. */
  text?: string;
  /** image/png instead of image/jpeg, for variety. */
  png?: boolean;
  archived?: boolean;
}

const FOLDERS = ['Spring campaign', 'Product launches', 'Brand guidelines', 'Blog'];
/** The library's root, as `file_location` names it (the published example: `/all assets/important assets`). */
export const LIBRARY_ROOT = '/all assets';

/** The label groups of the demo organization and their values, as a label filter names them. */
const LABEL_GROUPS: Record<string, string[]> = {
  Campaign: ['Spring 2025', 'Summer 2025', 'Winter sale'],
  Topic: ['Footwear', 'Outerwear', 'Brand', 'Sustainability', 'Craft', 'Stores'],
  Channel: ['Blog', 'Newsletter', 'Social'],
};

const SEEDS: Seed[] = [
  {
    title: 'Welcome to the spring collection',
    type: 'article',
    folder: 'Spring campaign',
    labels: ['Campaign: Spring 2025', 'Channel: Newsletter'],
    text: 'Spring is here, and so is our lightest collection yet. Discover breathable fabrics, fresh colours and pieces made to layer.',
  },
  { title: 'Spring hero banner', type: 'image', folder: 'Spring campaign', labels: ['Campaign: Spring 2025', 'Channel: Social'] },
  { title: 'Spring lookbook film', type: 'video', folder: 'Spring campaign', labels: ['Campaign: Spring 2025'] },
  {
    title: 'Five ways to style a linen shirt',
    type: 'article',
    folder: 'Blog',
    labels: ['Channel: Blog'],
    text: 'Tucked, knotted, open over a tee, under a blazer or simply rolled at the sleeves: the linen shirt does it all.',
  },
  { title: 'Linen shirt close-up', type: 'image', folder: 'Blog', labels: [], png: true },
  {
    title: 'Trail runner X2 launch',
    type: 'article',
    folder: 'Product launches',
    labels: ['Topic: Footwear', 'Channel: Newsletter'],
    text: 'The Trail Runner X2 is lighter by 40 grams and grips better on wet rock. Available in three colours from 14 March.',
  },
  { title: 'Trail runner X2 product shot', type: 'image', folder: 'Product launches', labels: ['Topic: Footwear', 'Channel: Social'] },
  { title: 'Trail runner X2 spec sheet', type: 'raw_file', folder: 'Product launches', labels: ['Topic: Footwear'] },
  { title: 'Trail runner X2 feature list', type: 'structured_content', folder: 'Product launches', labels: ['Topic: Footwear'] },
  { title: 'Logo usage guide', type: 'raw_file', folder: 'Brand guidelines', labels: ['Topic: Brand'] },
  { title: 'Primary logo', type: 'image', folder: 'Brand guidelines', labels: ['Topic: Brand'], png: true },
  {
    title: 'Tone of voice',
    type: 'article',
    folder: 'Brand guidelines',
    labels: ['Topic: Brand'],
    text: 'We write the way we talk to a friend who asked for advice: plainly, warmly and without jargon.',
  },
  { title: 'Colour palette', type: 'structured_content', folder: 'Brand guidelines', labels: [] },
  {
    title: 'Winter sale recap',
    type: 'article',
    folder: 'Blog',
    labels: ['Campaign: Winter sale', 'Channel: Blog'],
    text: 'Thank you for a record winter sale. Here is what sold out first, and what is coming back in autumn.',
    archived: true,
  },
  { title: 'Winter sale banner', type: 'image', folder: null, labels: ['Campaign: Winter sale'], archived: true },
  {
    title: 'Behind the seams: our Porto workshop',
    type: 'article',
    folder: 'Blog',
    labels: ['Topic: Craft', 'Channel: Blog'],
    text: 'In a small workshop in Porto, twelve people cut, sew and finish every jacket in our outerwear line.',
  },
  { title: 'Porto workshop tour', type: 'video', folder: 'Blog', labels: ['Topic: Craft', 'Channel: Social'] },
  {
    title: 'Care guide: wool and cashmere',
    type: 'article',
    folder: null,
    labels: [],
    text: 'Wash by hand in cool water, lay flat to dry and store folded, never on a hanger.',
  },
  { title: 'Size chart', type: 'structured_content', folder: null, labels: [] },
  {
    title: 'Store opening in Gothenburg',
    type: 'article',
    folder: null,
    labels: ['Topic: Stores', 'Channel: Newsletter'],
    text: 'Our first Swedish store opens its doors on Kungsgatan on 2 May, with coffee on us all weekend.',
  },
  { title: 'Gothenburg store front', type: 'image', folder: null, labels: [] },
  { title: 'Sustainability report 2024', type: 'raw_file', folder: null, labels: ['Topic: Sustainability'] },
  {
    title: 'Why we switched to recycled nylon',
    type: 'article',
    folder: 'Blog',
    labels: ['Topic: Sustainability', 'Topic: Outerwear', 'Channel: Blog'],
    text: 'Recycled nylon cuts the carbon footprint of a rain shell by half, and it performs just as well.',
  },
  { title: 'Rain shell in the field', type: 'video', folder: 'Product launches', labels: ['Topic: Outerwear'] },
  {
    title: 'Summer teaser',
    type: 'article',
    folder: 'Spring campaign',
    labels: ['Campaign: Summer 2025', 'Channel: Newsletter'],
    text: 'Longer days are coming. A first look at the summer collection lands in your inbox next week.',
  },
];

/** A stable 32-hex id from a name, so ids look like the platform's and never change. */
function stableId(name: string): string {
  return createHash('sha256').update(`graphform-demo:${name}`).digest('hex').slice(0, 32);
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const FILES: Record<Exclude<AssetType, 'article' | 'structured_content'>, { mime: string; extension: string }> = {
  image: { mime: 'image/jpeg', extension: 'jpg' },
  video: { mime: 'video/mp4', extension: 'mp4' },
  raw_file: { mime: 'application/pdf', extension: 'pdf' },
};

const CDN = 'https://cdn.example.com/demo-organization';
/** Where structured content is read (the published `api_url`); the emulator does not serve it. */
const STRUCTURED_CONTENT_API = 'https://api.example.com/v3/structured-contents';
const START = Date.UTC(2025, 0, 6, 9, 0, 0);
const HOUR = 3_600_000;

type TypeFields = Pick<EmulatorAsset, 'mime_type' | 'file_extension' | 'content' | 'thumbnail_url'>;

/** AssetContent by type, as the published schema describes it: the HTML, a download URL or an API URL. */
function typeFields(seed: Seed, id: string): TypeFields {
  switch (seed.type) {
    case 'article':
      return { mime_type: 'text/html', file_extension: null, content: { type: 'html_body', value: `<p>${seed.text ?? ''}</p>` }, thumbnail_url: null };
    case 'structured_content':
      return {
        mime_type: 'application/json',
        file_extension: null,
        content: { type: 'api_url', value: `${STRUCTURED_CONTENT_API}/${id}` },
        thumbnail_url: null,
      };
    case 'image':
    case 'video':
    case 'raw_file': {
      const file = seed.png === true ? { mime: 'image/png', extension: 'png' } : FILES[seed.type];
      const download = `${CDN}/${id}/${slug(seed.title)}.${file.extension}`;
      const thumbnail = seed.type === 'raw_file' ? null : `${CDN}/${id}/thumbnail.jpg`;
      return { mime_type: file.mime, file_extension: file.extension, content: { type: 'url', value: download }, thumbnail_url: thumbnail };
    }
    default: {
      const unknown: never = seed.type;
      throw new Error(`unknown asset type ${String(unknown)}`);
    }
  }
}

/** `Group: Value` names as published labels: one entry per group, its values in the seed's order. */
function labels(names: readonly string[]): AssetLabel[] {
  const byGroup = new Map<string, AssetLabel>();
  for (const name of names) {
    const [group = '', value = ''] = name.split(': ');
    if (!(LABEL_GROUPS[group] ?? []).includes(value)) throw new Error(`the seed names an unknown label ${name}`);
    const entry = byGroup.get(group) ?? { group: { id: stableId(`label-group-${group}`), name: group }, values: [] };
    entry.values.push({ id: stableId(`label-${group}-${value}`), name: value });
    byGroup.set(group, entry);
  }
  return [...byGroup.values()];
}

/** Fields in the order the published schema lists them. */
function asset(seed: Seed, index: number): EmulatorAsset {
  const id = stableId(`asset-${index}`);
  const created = START + index * 74 * HOUR;
  const fields = typeFields(seed, id);
  return {
    id,
    title: seed.title,
    type: seed.type,
    mime_type: fields.mime_type,
    file_extension: fields.file_extension,
    created_at: isoSeconds(created),
    // Edits now and then, so the newest modified is not always the newest created.
    modified_at: isoSeconds(created + ((index * 7) % 40) * 3 * HOUR),
    folder_id: seed.folder === null ? null : stableId(`folder-${FOLDERS.indexOf(seed.folder)}`),
    file_location: seed.folder === null ? LIBRARY_ROOT : `${LIBRARY_ROOT}/${seed.folder}`,
    is_archived: seed.archived === true,
    content: fields.content,
    labels: labels(seed.labels),
    owner_organization_id: DEMO_ORGANIZATION.id,
    thumbnail_url: fields.thumbnail_url,
  };
}

/** A fresh copy each time, so no caller can change another's. */
export function seededAssets(): EmulatorAsset[] {
  return SEEDS.map(asset);
}
