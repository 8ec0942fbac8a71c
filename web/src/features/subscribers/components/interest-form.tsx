import {
  FORM_LIMITS,
  INTEREST_GENRES,
  normaliseSubscriber,
  subscriberInsertSchema,
  validateInterestForm,
} from '@klang/domain';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRegisterInterestMutation } from '../api/subscribers-api';
import { ChoiceGroup } from './choice-group';

/** Who registers: the spec's subscribers.role. */
export type InterestRole = 'listener' | 'artist';

/** The form holds the body's own fields (spec 000 §3 subscribers); normaliseSubscriber tidies them. */
const EMPTY = {
  role: 'listener' as InterestRole,
  name: '',
  artist_name: '',
  email: '',
  username: '',
  marketing_opt_in: false,
  genre: '',
  ios_beta_interest: null as 'yes' | 'no' | null,
};

/** The body's schema with the rules of spec 000 §5, in the spec's order: one message at a time. */
const interestFormSchema = subscriberInsertSchema.superRefine((body, context) => {
  const problem = validateInterestForm(body);
  if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

const GENRE_OPTIONS = INTEREST_GENRES.map((genre) => ({ value: genre, label: genre }));

/**
 * Interest registration (spec 000 §5): one error at a time, in the spec's order; changing any
 * field or the role clears it. Marketing opt-in starts unchecked.
 */
export function InterestForm({
  onRegistered,
  onRoleChange,
}: {
  onRegistered: (role: InterestRole) => void;
  /** The screen around the form speaks to the role chosen. */
  onRoleChange?: (role: InterestRole) => void;
}) {
  const mutation = useRegisterInterestMutation();
  const form = useZodForm(interestFormSchema, {
    defaultValues: EMPTY,
    editClears: 'all',
    // The failure's line too: it spoke of the form as it was.
    onEdit: () => {
      mutation.reset();
    },
  });
  // The controls that are not text boxes show the form's values and set them.
  const [role, genre, iosBeta, marketingOptIn] = form.watch([
    'role',
    'genre',
    'ios_beta_interest',
    'marketing_opt_in',
  ]);
  const isArtist = role === 'artist';

  const submit = form.onSubmit((values) => {
    mutation.mutate(normaliseSubscriber(values), {
      onSuccess: () => {
        onRegistered(values.role);
      },
    });
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-6 sm:p-8"
    >
      <ChoiceGroup
        legend="I am a"
        name="role"
        value={role}
        onChange={(next) => {
          form.setValue('role', next);
          onRoleChange?.(next);
        }}
        options={[
          { value: 'listener', label: 'Listener' },
          { value: 'artist', label: 'Artist' },
        ]}
      />
      <Input label="Name" autoComplete="name" maxLength={FORM_LIMITS.name} {...form.field('name')} />
      {isArtist && <Input label="Artist name" maxLength={FORM_LIMITS.name} {...form.field('artist_name')} />}
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={FORM_LIMITS.email}
        {...form.field('email')}
      />
      <Input
        label="Username (optional)"
        autoComplete="username"
        maxLength={FORM_LIMITS.username}
        {...form.register('username')}
      />
      {isArtist && (
        <Select
          label="Genre"
          name="genre"
          placeholder="Choose your genre"
          options={GENRE_OPTIONS}
          value={genre || undefined}
          onValueChange={(next) => {
            form.setValue('genre', next);
          }}
          error={form.errorOf('genre')}
        />
      )}
      <ChoiceGroup
        legend="Interested in the iOS beta?"
        name="ios_beta_interest"
        value={iosBeta}
        onChange={(choice) => {
          form.setValue('ios_beta_interest', choice);
        }}
        error={form.errorOf('ios_beta_interest')}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
      />
      <Checkbox
        label="Send me news and updates by email"
        checked={marketingOptIn}
        onCheckedChange={(checked) => {
          form.setValue('marketing_opt_in', checked);
        }}
      />
      {/* Beside the button that was pressed, not at the top: on a phone the top of the form is
          out of view when the answer comes. */}
      {mutation.error && <Banner tone="error">{mutation.error.message}</Banner>}
      <Button type="submit" isLoading={mutation.isPending} className="self-start">
        Register Interest
      </Button>
    </form>
  );
}
