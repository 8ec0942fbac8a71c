import { ACCOUNT_MESSAGES, profileUpdateSchema } from '@klang/domain';
import { useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore, type AuthProfile } from '../auth-store';
import { errorsFromFailure, validate, type FieldErrors } from '../form-errors';

type ProfileSettingsFormProps = { profile: AuthProfile; onDemoRefusal: (error: unknown) => boolean };

/** Settings > Profile (spec 001 §5 Settings save): listeners have no artist name field. */
export function ProfileSettingsForm({ profile, onDemoRefusal }: ProfileSettingsFormProps) {
  const applySession = useAuthStore((state) => state.applySession);
  const isArtist = profile.role === 'artist';
  const [values, setValues] = useState({
    username: profile.username,
    artistName: profile.artistName ?? '',
    bio: profile.bio ?? '',
    instagram: profile.instagram ?? '',
    website: profile.website ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
      setMessage(null);
    },
  });

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(profileUpdateSchema, values);
    if (isArtist && !values.artistName.trim()) found.artistName = ACCOUNT_MESSAGES.artistNameRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      applySession(await accountsApi.updateProfile(isArtist ? values : { ...values, artistName: undefined }));
      toast.success(ACCOUNT_MESSAGES.profileSaved);
    } catch (error) {
      if (onDemoRefusal(error)) return;
      const failure = errorsFromFailure(error, ACCOUNT_MESSAGES.profileLoadFailed);
      setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {message && <Banner tone="error">{message}</Banner>}
      <Input label="Username" autoComplete="username" autoCapitalize="none" {...field('username')} />
      {isArtist && <Input label="Artist name" {...field('artistName')} />}
      <Textarea label="Bio" rows={3} {...field('bio')} />
      {isArtist && (
        <>
          <Input label="Instagram" autoCapitalize="none" {...field('instagram')} />
          <Input label="Website" type="url" {...field('website')} />
        </>
      )}
      <Button type="submit" isLoading={isSaving} className="self-start">
        Save Changes
      </Button>
    </form>
  );
}
