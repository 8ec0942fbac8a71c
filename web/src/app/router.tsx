import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { lazyScreen, type ScreenModule } from './errors/lazy-screen';
import { RouteError } from './errors/route-error';
import { MemberAwareLayout } from './layouts/member-aware-layout';
import { PublicLayout, type PublicRouteHandle } from './layouts/public-layout';
import { paths } from './paths';
import { RequireAuth } from './require-auth';
import { sessionQuery } from '../features/accounts/hooks/use-session-restore';
import { queryClient } from '../lib/query-client';
import { RootFallback, RootLayout, type ShellRouteHandle } from './shell/root-layout';

/**
 * A lazily loaded screen. Each route module lives in routes/<kebab-name>.tsx and exports
 * `Component`, so its chunk is named <kebab-name>-<hash>.js (the E2E suite relies on that).
 * The errorElement sits on the leaf so a failure keeps the layout (header, bottom navigation)
 * around it, and catches a failed import of the route's own chunk.
 */
function screen(path: string, load: () => Promise<ScreenModule>): RouteObject {
  return { path, lazy: lazyScreen(load), errorElement: <RouteError /> };
}

const landingHandle: PublicRouteHandle = { hideHeader: true };
const appShellHandle: ShellRouteHandle = { placesForumEntry: true };

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RootFallback,
    errorElement: <RouteError />,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            index: true,
            lazy: lazyScreen(() => import('./routes/home')),
            errorElement: <RouteError />,
            handle: landingHandle,
          },
          screen(paths.about, () => import('./routes/about')),
          screen(paths.howItWorks, () => import('./routes/how-it-works')),
          screen(paths.ourStory, () => import('./routes/our-story')),
          screen(paths.terms, () => import('./routes/terms')),
          screen(paths.privacy, () => import('./routes/privacy')),
          screen(paths.contact, () => import('./routes/contact')),
          screen(paths.reportBug, () => import('./routes/report-bug')),
          screen(paths.roadmap, () => import('./routes/roadmap')),
          screen(paths.registerInterest, () => import('./routes/register-interest')),
          screen(paths.accountType, () => import('./routes/account-type')),
          screen(paths.signupListener, () => import('./routes/signup-listener')),
          screen(paths.artistSubscription, () => import('./routes/artist-subscription')),
          screen(paths.signupArtist, () => import('./routes/signup-artist')),
          screen(paths.login, () => import('./routes/login')),
          screen(paths.demoLogin, () => import('./routes/demo-login')),
          screen(paths.resetPassword, () => import('./routes/reset-password')),
          screen(paths.verifyEmail, () => import('./routes/verify-email')),
          screen(paths.faq, () => import('./routes/faq')),
          screen(paths.unsubscribe, () => import('./routes/unsubscribe')),
          // Static paths outrank this dynamic one, so it only sees what no other route claims.
          screen(paths.artistUrl.pattern, () => import('./routes/artist-url')),
          screen('*', () => import('./routes/not-found')),
        ],
      },
      {
        // Public, and a screen of the app for a signed-in user, whose app shell places the forum
        // entry (a visitor has no forum button at all).
        Component: MemberAwareLayout,
        handle: appShellHandle,
        children: [
          screen(paths.chartsMethod, () => import('./routes/charts-method')),
          screen(paths.share.pattern, () => import('./routes/share')),
        ],
      },
      {
        Component: RequireAuth,
        // The session is asked for while the screen's chunks download, not after: the router runs
        // loaders beside lazy(), and this one only starts the query (RequireAuth shows it pending,
        // and handles a failure). Once is enough: moving between app screens asks nothing.
        loader: () => {
          queryClient.query(sessionQuery).catch(() => undefined);
          return null;
        },
        shouldRevalidate: () => false,
        children: [
          {
            // Lazy like the screens: the landing page does without the app's shell and player bar.
            lazy: lazyScreen(() =>
              import('./layouts/app-layout').then((module) => ({ Component: module.AppLayout })),
            ),
            handle: appShellHandle,
            children: [
              screen(paths.dashboard, () => import('./routes/dashboard')),
              screen(paths.player, () => import('./routes/player')),
              screen(paths.charts, () => import('./routes/charts')),
              screen(paths.library, () => import('./routes/library')),
              screen(paths.creatorTools, () => import('./routes/creator-tools')),
              {
                lazy: lazyScreen(() =>
                  import('./layouts/kit-tool-layout').then((module) => ({ Component: module.KitToolLayout })),
                ),
                children: [
                  screen(paths.soundLab, () => import('./routes/soundlab')),
                  screen(paths.vocalLab, () => import('./routes/vocallab')),
                  screen(paths.tutorLab, () => import('./routes/tutorlab')),
                  screen(paths.abel, () => import('./routes/abel')),
                  screen(paths.klangPack, () => import('./routes/klang-pack')),
                  screen(paths.testVoice, () => import('./routes/test-voice')),
                ],
              },
              screen(paths.artist.pattern, () => import('./routes/artist')),
              screen(paths.profile, () => import('./routes/profile')),
              screen(paths.forum, () => import('./routes/forum')),
              screen(paths.forumPost.pattern, () => import('./routes/forum-post')),
              screen(paths.welcome, () => import('./routes/welcome')),
              screen(paths.adminShares, () => import('./routes/admin-shares')),
            ],
          },
        ],
      },
      // Another site's frame (decision 0308): the blind preview alone, with no site around it.
      screen(paths.embed.pattern, () => import('./routes/embed')),
      {
        // product-decisions.md: /artist-profile?checkout=... is an older return target; keep its query.
        path: paths.artistProfileLegacy,
        loader: ({ request }) => redirect(`${paths.profile}${new URL(request.url).search}`),
      },
      // The Upgrade links land on the profile's upgrade modal (issue 8).
      { path: paths.subscription, loader: () => redirect(`${paths.profile}?offer=upgrade`) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
