/**
 * The labels of the builder's inputs, in one place: the steps label their controls with them and
 * the Review step names the field of each problem with the same words.
 */
export const CAMPAIGN_LABELS = {
  name: 'Campaign name',
  brand_id: 'Campaign brand',
  description: 'Description',
  instructions: 'Instructions',
  visibility: 'Visibility',
  invite_code: 'Invite code',
  product: 'Product',
  'product.name': 'Product name',
  'product.url': 'Product URL',
  'product.image_url': 'Product image URL',
  icon_url: 'Icon URL',
  brief_url: 'Brief URL',
  video_examples: 'Example videos',
  links: 'Links',
  tasks: 'Tasks',
  settings: 'Settings',
  'settings.creator_approval_required': 'Creators need approval',
  'settings.brand_approval_required': 'Brand approval required',
  'settings.post_approval_mode': 'Post approval',
  'settings.completion_mode': 'Completion',
  content_deadline_date: 'Content deadline',
  post_deadline_date: 'Post deadline',
  targeting: 'Targeting',
} as const;

export const TASK_LABELS = {
  title: 'Title',
  instructions: 'Instructions',
  platforms: 'Platforms',
  formats: 'Formats',
  caption: 'Caption',
  require_ad_disclosure: 'Require ad disclosure',
  tiktok_sound_url: 'TikTok sound URL',
  instagram_sound_url: 'Instagram sound URL',
  video_examples: 'Example videos',
  image_url: 'Cover image URL',
  review_mode: 'Review',
  autoreview_prompt: 'Autoreview prompt',
  is_required: 'Required',
  max_posts_per_creator: 'Max posts per creator',
} as const;

export const LINK_LABELS = {
  url: 'URL',
  service: 'Service',
  description: 'Description',
  affiliate_code: 'Affiliate code',
} as const;

const lookup = <T extends Record<string, string>>(labels: T, key: string | undefined) =>
  key !== undefined && key in labels ? labels[key as keyof T] : undefined;

const TARGETING_PARTS: Record<string, string> = {
  name: 'Name',
  operator: 'Match',
  conditions: 'Conditions',
  property: 'Property',
  values: 'Values',
};

// `targeting.groups.0.conditions.1.values` → "Group 1 · Condition 2 · Values".
function targetingLabel(parts: readonly string[]): string {
  const [group, part, condition, field] = parts;
  const words = [group === undefined ? 'Groups' : `Group ${Number(group) + 1}`];
  if (part === 'conditions' && condition !== undefined && /^\d+$/.test(condition)) {
    words.push(`Condition ${Number(condition) + 1}`);
    if (field !== undefined) words.push(TARGETING_PARTS[field] ?? field);
  } else if (part !== undefined) {
    words.push(TARGETING_PARTS[part] ?? part);
  }
  return words.join(' · ');
}

/** How the Review step names the field at a form path: "Task 2 · Platforms", "Link 1 · URL". */
export function fieldLabel(path: string): string {
  const parts = path.split('.');
  const [top, second, third, fourth] = parts;
  if (top === 'tasks' && second !== undefined && /^\d+$/.test(second)) {
    const task = `Task ${Number(second) + 1}`;
    if (third === 'video_examples' && fourth !== undefined) {
      return `${task} · Example video ${Number(fourth) + 1}`;
    }
    const label = lookup(TASK_LABELS, third);
    return label ? `${task} · ${label}` : task;
  }
  if (top === 'targeting' && second === 'groups') return targetingLabel(parts.slice(2));
  if (top === 'video_examples' && second !== undefined)
    return `Example video ${Number(second) + 1}`;
  if (top === 'links' && second !== undefined) {
    const label = lookup(LINK_LABELS, third);
    return label ? `Link ${Number(second) + 1} · ${label}` : `Link ${Number(second) + 1}`;
  }
  return lookup(CAMPAIGN_LABELS, path) ?? lookup(CAMPAIGN_LABELS, top) ?? path;
}
