import { createHash } from 'node:crypto';
import { DEMO_ORGANIZATION } from '../auth/identity.js';
import type { AssetType, EmulatorAsset } from '../types.js';

/**
 * The demo organization's library: 25 assets of every type, in four folders and the root,
 * two of them archived. Ids, dates and texts are fixed, so every emulator (and every test)
 * sees the same list in the same order.
 */
interface Seed {
  title: string;
  type: AssetType;
  folder: string | null;
  labels: string[];
  /** Article text or structured content (JSON); files have none. */
  text?: string;
  /** image/png instead of image/jpeg, for variety. */
  png?: boolean;
  archived?: boolean;
}

const FOLDERS = ['Spring campaign', 'Product launches', 'Brand guidelines', 'Blog'];

const SEEDS: Seed[] = [
  { title: 'Welcome to the spring collection', type: 'article', folder: 'Spring campaign', labels: ['campaign', 'spring'], text: 'Spring is here, and so is our lightest collection yet. Discover breathable fabrics, fresh colours and pieces made to layer.' },
  { title: 'Spring hero banner', type: 'image', folder: 'Spring campaign', labels: ['campaign', 'spring', 'hero'] },
  { title: 'Spring lookbook film', type: 'video', folder: 'Spring campaign', labels: ['campaign', 'spring'] },
  { title: 'Five ways to style a linen shirt', type: 'article', folder: 'Blog', labels: ['blog', 'style'], text: 'Tucked, knotted, open over a tee, under a blazer or simply rolled at the sleeves: the linen shirt does it all.' },
  { title: 'Linen shirt close-up', type: 'image', folder: 'Blog', labels: ['blog', 'product'], png: true },
  { title: 'Trail runner X2 launch', type: 'article', folder: 'Product launches', labels: ['launch', 'footwear'], text: 'The Trail Runner X2 is lighter by 40 grams and grips better on wet rock. Available in three colours from 14 March.' },
  { title: 'Trail runner X2 product shot', type: 'image', folder: 'Product launches', labels: ['launch', 'footwear', 'product'] },
  { title: 'Trail runner X2 spec sheet', type: 'raw_file', folder: 'Product launches', labels: ['launch', 'footwear', 'specs'] },
  { title: 'Trail runner X2 feature list', type: 'structured_content', folder: 'Product launches', labels: ['launch', 'footwear'], text: '{"headline":"Trail Runner X2","features":["40 g lighter","Wet-rock grip","Recycled upper"],"price":"129.00","currency":"EUR"}' },
  { title: 'Logo usage guide', type: 'raw_file', folder: 'Brand guidelines', labels: ['brand'] },
  { title: 'Primary logo', type: 'image', folder: 'Brand guidelines', labels: ['brand', 'logo'], png: true },
  { title: 'Tone of voice', type: 'article', folder: 'Brand guidelines', labels: ['brand', 'writing'], text: 'We write the way we talk to a friend who asked for advice: plainly, warmly and without jargon.' },
  { title: 'Colour palette', type: 'structured_content', folder: 'Brand guidelines', labels: ['brand', 'colour'], text: '{"primary":"#1B4D3E","secondary":"#F2C14E","neutral":["#FFFFFF","#F4F4F2","#222222"]}' },
  { title: 'Winter sale recap', type: 'article', folder: 'Blog', labels: ['blog', 'sale'], text: 'Thank you for a record winter sale. Here is what sold out first, and what is coming back in autumn.', archived: true },
  { title: 'Winter sale banner', type: 'image', folder: null, labels: ['sale'], archived: true },
  { title: 'Behind the seams: our Porto workshop', type: 'article', folder: 'Blog', labels: ['blog', 'craft'], text: 'In a small workshop in Porto, twelve people cut, sew and finish every jacket in our outerwear line.' },
  { title: 'Porto workshop tour', type: 'video', folder: 'Blog', labels: ['blog', 'craft'] },
  { title: 'Care guide: wool and cashmere', type: 'article', folder: null, labels: ['care'], text: 'Wash by hand in cool water, lay flat to dry and store folded, never on a hanger.' },
  { title: 'Size chart', type: 'structured_content', folder: null, labels: ['sizing'], text: '{"unit":"cm","sizes":{"S":{"chest":92,"waist":78},"M":{"chest":100,"waist":86},"L":{"chest":108,"waist":94}}}' },
  { title: 'Store opening in Gothenburg', type: 'article', folder: null, labels: ['stores', 'news'], text: 'Our first Swedish store opens its doors on Kungsgatan on 2 May, with coffee on us all weekend.' },
  { title: 'Gothenburg store front', type: 'image', folder: null, labels: ['stores'] },
  { title: 'Sustainability report 2024', type: 'raw_file', folder: null, labels: ['sustainability'] },
  { title: 'Why we switched to recycled nylon', type: 'article', folder: 'Blog', labels: ['blog', 'sustainability'], text: 'Recycled nylon cuts the carbon footprint of a rain shell by half, and it performs just as well.' },
  { title: 'Rain shell in the field', type: 'video', folder: 'Product launches', labels: ['launch', 'outerwear'] },
  { title: 'Summer teaser', type: 'article', folder: 'Spring campaign', labels: ['campaign', 'summer'], text: 'Longer days are coming. A first look at the summer collection lands in your inbox next week.' },
];

/** A stable 32-hex id from a name, so ids look like the platform's and never change. */
function stableId(name: string): string {
  return createHash('sha256').update(`graphform-demo:${name}`).digest('hex').slice(0, 32);
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
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
const START = Date.UTC(2025, 0, 6, 9, 0, 0);
const HOUR = 3_600_000;

type FileFields = Pick<EmulatorAsset, 'mime_type' | 'file_extension' | 'file_location' | 'content' | 'thumbnail_url'>;

function fileFields(seed: Seed, id: string): FileFields {
  switch (seed.type) {
    case 'article':
      return { mime_type: 'text/plain', file_extension: null, file_location: null, content: { type: 'text', value: seed.text ?? '' }, thumbnail_url: null };
    case 'structured_content':
      return { mime_type: 'application/json', file_extension: null, file_location: null, content: { type: 'json', value: seed.text ?? '{}' }, thumbnail_url: null };
    case 'image':
    case 'video':
    case 'raw_file': {
      const file = seed.png === true ? { mime: 'image/png', extension: 'png' } : FILES[seed.type];
      const location = `${CDN}/${id}/${slug(seed.title)}.${file.extension}`;
      const thumbnail = seed.type === 'raw_file' ? null : `${CDN}/${id}/thumbnail.jpg`;
      return { mime_type: file.mime, file_extension: file.extension, file_location: location, content: { type: 'file', value: location }, thumbnail_url: thumbnail };
    }
    default: {
      const unknown: never = seed.type;
      throw new Error(`unknown asset type ${String(unknown)}`);
    }
  }
}

/** Fields in the order the public documentation lists them. */
function asset(seed: Seed, index: number): EmulatorAsset {
  const id = stableId(`asset-${index}`);
  const created = START + index * 74 * HOUR;
  const file = fileFields(seed, id);
  return {
    id,
    title: seed.title,
    type: seed.type,
    mime_type: file.mime_type,
    file_extension: file.file_extension,
    created_at: isoSeconds(created),
    modified_at: isoSeconds(created + ((index * 7) % 40) * HOUR),
    folder_id: seed.folder === null ? null : stableId(`folder-${FOLDERS.indexOf(seed.folder)}`),
    file_location: file.file_location,
    is_archived: seed.archived === true,
    content: file.content,
    labels: [...seed.labels],
    owner_organization_id: DEMO_ORGANIZATION.id,
    thumbnail_url: file.thumbnail_url,
  };
}

/** A fresh copy each time, so no caller can change another's. */
export function seededAssets(): EmulatorAsset[] {
  return SEEDS.map(asset);
}
