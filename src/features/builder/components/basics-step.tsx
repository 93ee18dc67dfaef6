import type { BrandRef } from '#contract/me';
import { TEXT_LIMITS } from '#contract/common';
import { VISIBILITY_LABELS, type Visibility } from '#contract/enums';
import { Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { RadioCardGroup } from '#components/form/choice-fields';
import { FormField, RequiredMark } from '#components/form/form-field';
import { Button } from '#components/ui/button';
import { Select } from '#components/ui/select';
import { MAX_LINKS, emptyLink, type BuilderValues } from '../builder-form';
import { CAMPAIGN_LABELS, LINK_LABELS } from '../field-labels';
import { useFieldError } from '../use-field-error';
import { BoundTextField } from './bound-text-field';
import { RowListField } from './row-list-field';
import { StepSection } from './step-section';
import { UrlListField } from './url-list-field';

const VISIBILITY_DESCRIPTIONS: Record<Visibility, string> = {
  public: 'Appears in creator discovery.',
  unlisted: 'Reachable only with the invite code or a direct link.',
};

const visibilityOptions = (['public', 'unlisted'] as const).map((value) => ({
  value,
  label: VISIBILITY_LABELS[value],
  description: VISIBILITY_DESCRIPTIONS[value],
}));

type TextName =
  | 'name'
  | 'description'
  | 'instructions'
  | 'invite_code'
  | 'product.name'
  | 'product.url'
  | 'product.image_url'
  | 'icon_url'
  | 'brief_url';

const TEXT_MAX: Partial<Record<TextName, number>> = {
  name: TEXT_LIMITS.name,
  description: TEXT_LIMITS.longText,
  instructions: TEXT_LIMITS.longText,
  invite_code: TEXT_LIMITS.inviteCode,
  'product.name': TEXT_LIMITS.name,
};

function TextField({
  name,
  multiline = false,
  ...rest
}: {
  name: TextName;
  description?: string;
  type?: 'text' | 'url';
  multiline?: boolean;
  required?: boolean;
}) {
  return (
    <BoundTextField
      path={name}
      label={CAMPAIGN_LABELS[name]}
      max={TEXT_MAX[name]}
      {...(multiline ? { rows: 4 } : {})}
      {...rest}
    />
  );
}

/**
 * The product's name. Left empty with the rest of the product, the service names the campaign's
 * product after the campaign: the field says so, with the name it will use, rather than copying it
 * in silently (docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md).
 */
function ProductNameField() {
  const { control } = useFormContext<BuilderValues>();
  const [campaignName, product] = useWatch({ control, name: ['name', 'product'] });
  const empty = !product.name.trim() && !product.url.trim() && !product.image_url.trim();
  const given = campaignName.trim();
  return (
    <TextField
      name="product.name"
      description={
        !empty
          ? 'The name creators see for the product.'
          : given
            ? `Optional. Left empty, creators see the campaign’s name, “${given}”, as the product.`
            : 'Optional. Left empty, creators see the campaign’s name as the product.'
      }
    />
  );
}

function LinkRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  return (
    <li className="rounded-md border border-gray-200 bg-gray-50 p-4">
      <fieldset className="min-w-0 space-y-3">
        <legend className="text-sm font-medium text-gray-900">Link {index + 1}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <BoundTextField path={`links.${index}.url`} label={LINK_LABELS.url} type="url" />
          <BoundTextField
            path={`links.${index}.service`}
            label={LINK_LABELS.service}
            description="A short name for what it points at, like shop or app."
            spellCheck={false}
          />
          <BoundTextField
            path={`links.${index}.description`}
            label={LINK_LABELS.description}
            max={TEXT_LIMITS.linkDescription}
          />
          <BoundTextField
            path={`links.${index}.affiliate_code`}
            label={LINK_LABELS.affiliate_code}
            description="The code creators share with this link, if any."
            max={TEXT_LIMITS.affiliateCode}
            spellCheck={false}
          />
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove link {index + 1}
        </Button>
      </fieldset>
    </li>
  );
}

function LinksField() {
  const { control } = useFormContext<BuilderValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'links' });
  const error = useFieldError('links');
  return (
    <RowListField
      legend={CAMPAIGN_LABELS.links}
      description="Where creators send their audience, with an affiliate code where there is one."
      error={error}
      rowIds={fields.map((field) => field.id)}
      max={MAX_LINKS}
      addLabel="Add link"
      onAdd={() => append(emptyLink())}
      onRemove={remove}
      row={(index, onRemove) => <LinkRow index={index} onRemove={onRemove} />}
    />
  );
}

/** Step 1: what the campaign is, who can find it, what it promotes. */
export function BasicsStep({
  brands,
  hasInviteCode,
}: {
  /** The brands an agency key may choose from when creating; null: no choice. */
  brands: readonly BrandRef[] | null;
  /** The campaign already has a code (edit): an empty field keeps it rather than making one. */
  hasInviteCode: boolean;
}) {
  const { register, control, setValue } = useFormContext<BuilderValues>();
  const visibility = useWatch({ control, name: 'visibility' });
  const brandError = useFieldError('brand_id');
  const visibilityError = useFieldError('visibility');

  return (
    <>
      <StepSection title="About the campaign">
        <p className="text-sm text-gray-600">
          Fields marked <RequiredMark /> are required to save.
        </p>
        <TextField name="name" required />
        {brands ? (
          <FormField
            label={CAMPAIGN_LABELS.brand_id}
            description="The brand the campaign belongs to."
            error={brandError}
            required
          >
            {(control) => (
              <Select {...control} {...register('brand_id')}>
                {brands.map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        <TextField name="description" description="Shown to creators." multiline />
        <TextField
          name="instructions"
          description="Campaign-wide instructions that apply to every task."
          multiline
        />
      </StepSection>

      <StepSection title="Access">
        <RadioCardGroup
          legend={CAMPAIGN_LABELS.visibility}
          error={visibilityError}
          options={visibilityOptions}
          inputProps={() =>
            register('visibility', {
              // Only an unlisted campaign has an invite code.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === 'public') setValue('invite_code', '');
              },
            })
          }
        />
        {visibility === 'unlisted' ? (
          <TextField
            name="invite_code"
            description={
              hasInviteCode
                ? 'Creators enter this code to find the campaign. Leave empty to keep the current one.'
                : 'Creators enter this code to find the campaign. Leave empty to generate one.'
            }
          />
        ) : null}
      </StepSection>

      <StepSection title="Product">
        <ProductNameField />
        <TextField name="product.url" type="url" />
        <TextField name="product.image_url" type="url" />
      </StepSection>

      <StepSection title="Brief and media">
        <TextField name="icon_url" type="url" description="A square image shown beside the name." />
        <TextField name="brief_url" type="url" description="A link to an external brief." />
        <UrlListField
          name="video_examples"
          legend={CAMPAIGN_LABELS.video_examples}
          description="Videos that show creators what good content for this campaign looks like."
          itemLabel="Example video"
          addLabel="Add example video"
        />
        <LinksField />
      </StepSection>
    </>
  );
}
