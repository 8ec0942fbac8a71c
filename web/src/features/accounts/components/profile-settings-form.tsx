import { ACCOUNT_MESSAGES, artistSignupSchema, profileUpdateSchema } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore, type AuthProfile } from '../auth-store';

/** An artist's artist name is required here too (spec 001 §5), as at signup; the server checks it. */
const artistProfileSchema = profileUpdateSchema.extend({ artistName: artistSignupSchema.shape.artistName });

type ProfileSettingsFormProps = { profile: AuthProfile; onDemoRefusal: (error: unknown) => boolean };

/** Settings > Profile (spec 001 §5 Settings save): listeners have no artist name field. */
export function ProfileSettingsForm({ profile, onDemoRefusal }: ProfileSettingsFormProps) {
  const applySession = useAuthStore((state) => state.applySession);
  const isArtist = profile.role === 'artist';
  const form = useZodForm(isArtist ? artistProfileSchema : profileUpdateSchema, {
    defaultValues: {
      username: profile.username,
      artistName: profile.artistName ?? '',
      bio: profile.bio ?? '',
      instagram: profile.instagram ?? '',
      website: profile.website ?? '',
    },
  });
  const save = useMutation({ mutationFn: accountsApi.updateProfile });

  const submit = form.onSubmit(async (values) => {
    try {
      applySession(await save.mutateAsync(isArtist ? values : { ...values, artistName: undefined }));
      toast.success(ACCOUNT_MESSAGES.profileSaved);
    } catch (error) {
      if (onDemoRefusal(error)) return;
      form.fail(error, ACCOUNT_MESSAGES.profileLoadFailed);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <Input label="Username" autoComplete="username" autoCapitalize="none" {...form.field('username')} />
      {isArtist && <Input label="Artist name" {...form.field('artistName')} />}
      <Textarea label="Bio" rows={3} {...form.field('bio')} />
      {isArtist && (
        <>
          <Input label="Instagram" autoCapitalize="none" {...form.field('instagram')} />
          <Input label="Website" type="url" {...form.field('website')} />
        </>
      )}
      <Button type="submit" isLoading={form.formState.isSubmitting} className="self-start">
        Save Changes
      </Button>
    </form>
  );
}
