import {
  INTEREST_GENRES,
  validateInterestForm,
  type InterestField,
  type SubscriberInsert,
} from '@klang/domain';
import { useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useRegisterInterestMutation } from '../api/subscribers-api';
import { ChoiceGroup } from './choice-group';

/** Who registers: the spec's subscribers.role. */
export type InterestRole = 'listener' | 'artist';
type Form = {
  role: InterestRole;
  name: string;
  artistName: string;
  email: string;
  username: string;
  marketingOptIn: boolean;
  genre: string;
  iosBeta: 'yes' | 'no' | null;
};

const EMPTY: Form = {
  role: 'listener',
  name: '',
  artistName: '',
  email: '',
  username: '',
  marketingOptIn: false,
  genre: '',
  iosBeta: null,
};

const GENRE_OPTIONS = INTEREST_GENRES.map((genre) => ({ value: genre, label: genre }));

/** The body of spec 000 §7's POST /rest/v1/subscribers, field for field (§3 subscribers). */
function toSubscriber(form: Form): SubscriberInsert {
  const isArtist = form.role === 'artist';
  return {
    role: form.role,
    name: form.name.trim(),
    artist_name: isArtist ? form.artistName.trim() : null,
    email: form.email.trim().toLowerCase(),
    username: form.username.trim() ? form.username.trim() : null,
    marketing_opt_in: form.marketingOptIn,
    genre: isArtist && form.genre ? form.genre : null,
    ios_beta_interest: form.iosBeta,
  };
}

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
  const [form, setForm] = useState<Form>(EMPTY);
  const [problem, setProblem] = useState<{ field: InterestField; message: string } | null>(null);
  const mutation = useRegisterInterestMutation();

  function update<Key extends keyof Form>(key: Key, value: Form[Key]) {
    setForm((previous) => ({ ...previous, [key]: value }));
    setProblem(null);
    mutation.reset();
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = toSubscriber(form);
    const found = validateInterestForm(body);
    setProblem(found);
    if (!found)
      mutation.mutate(body, {
        onSuccess: () => {
          onRegistered(form.role);
        },
      });
  }

  const errorFor = (field: InterestField) => (problem?.field === field ? problem.message : undefined);
  const isArtist = form.role === 'artist';
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-6 sm:p-8"
    >
      <ChoiceGroup
        legend="I am a"
        name="role"
        value={form.role}
        onChange={(role) => {
          update('role', role);
          onRoleChange?.(role);
        }}
        options={[
          { value: 'listener', label: 'Listener' },
          { value: 'artist', label: 'Artist' },
        ]}
      />
      <Input
        label="Name"
        name="name"
        autoComplete="name"
        value={form.name}
        onChange={(e) => {
          update('name', e.target.value);
        }}
        error={errorFor('name')}
      />
      {isArtist && (
        <Input
          label="Artist name"
          name="artist_name"
          value={form.artistName}
          onChange={(e) => {
            update('artistName', e.target.value);
          }}
          error={errorFor('artist_name')}
        />
      )}
      <Input
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(e) => {
          update('email', e.target.value);
        }}
        error={errorFor('email')}
      />
      <Input
        label="Username (optional)"
        name="username"
        autoComplete="username"
        value={form.username}
        onChange={(e) => {
          update('username', e.target.value);
        }}
      />
      {isArtist && (
        <Select
          label="Genre"
          name="genre"
          placeholder="Choose your genre"
          options={GENRE_OPTIONS}
          value={form.genre || undefined}
          onValueChange={(genre) => {
            update('genre', genre);
          }}
          error={errorFor('genre')}
        />
      )}
      <ChoiceGroup
        legend="Interested in the iOS beta?"
        name="ios_beta_interest"
        value={form.iosBeta}
        onChange={(choice) => {
          update('iosBeta', choice);
        }}
        error={errorFor('ios_beta_interest')}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
      />
      <Checkbox
        label="Send me news and updates by email"
        checked={form.marketingOptIn}
        onCheckedChange={(checked) => {
          update('marketingOptIn', checked);
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
