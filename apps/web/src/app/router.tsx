import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../ui/full-page-loader';
import { AdminIndex } from './admin-index';
import { RouteErrorScreen } from './error-screen';
import { NotFoundScreen } from './not-found';
import { RootLayout } from './root-layout';

/** Route modules are loaded on demand so the first screen only ships the shell. */
const settingsRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="team" replace /> },
  {
    path: 'team',
    lazy: async () => {
      const [
        { TeamSettingsPage },
        { TeamSurveyCard },
        { ComingSoonCard },
        { HoldoutCard },
        { WebhooksCard },
        { AnalyticsForwardingCard },
        { AuditLogCard },
      ] = await Promise.all([
        import('../features/settings/components/team-settings-page'),
        import('../features/survey/components/team-survey-card'),
        import('../features/waitlist/components/coming-soon-card'),
        import('../features/holdout/components/holdout-card'),
        import('../features/webhooks/components/webhooks-card'),
        import('../features/analytics-forwarding/components/analytics-forwarding-card'),
        import('../features/audit-log/components/audit-log-card'),
      ]);
      return {
        Component: () => (
          <TeamSettingsPage
            aboutTeam={<TeamSurveyCard />}
            comingSoon={<ComingSoonCard />}
            holdout={<HoldoutCard />}
            integrations={
              <>
                <WebhooksCard />
                <AnalyticsForwardingCard />
                <AuditLogCard />
              </>
            }
          />
        ),
      };
    },
  },
  {
    path: 'team/members',
    lazy: async () => ({
      Component: (await import('../features/settings/components/team-members-page'))
        .TeamMembersPage,
    }),
  },
  {
    path: 'team/audit-log',
    lazy: async () => ({
      Component: (await import('../features/audit-log/components/audit-log-page')).AuditLogPage,
    }),
  },
  {
    path: 'team/billing',
    lazy: async () => ({
      Component: (await import('../features/billing/components/billing-page')).BillingPage,
    }),
  },
  {
    path: 'user/info',
    lazy: async () => ({
      Component: (await import('../features/settings/components/user-info-page')).UserInfoPage,
    }),
  },
  {
    path: 'user/preferences',
    lazy: async () => ({
      Component: (await import('../features/settings/components/preferences-page')).PreferencesPage,
    }),
  },
  {
    path: 'user/username',
    lazy: async () => ({
      Component: (await import('../features/settings/components/username-page')).UsernamePage,
    }),
  },
  {
    path: 'user/password',
    lazy: async () => ({
      Component: (await import('../features/settings/components/password-page')).PasswordPage,
    }),
  },
  {
    path: 'user/default_team',
    lazy: async () => ({
      Component: (await import('../features/settings/components/default-team-page'))
        .DefaultTeamPage,
    }),
  },
];

const teamRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="campaigns" replace /> },
  {
    path: 'campaigns',
    lazy: async () => {
      const [{ CampaignListPage }, { IntroSurveyPrompt }, { ProgrammeImpact }] = await Promise.all([
        import('../features/campaigns/components/campaign-list-page'),
        import('../features/survey/components/intro-survey-prompt'),
        import('../features/holdout/components/programme-impact'),
      ]);
      return {
        Component: () => (
          <CampaignListPage introSurvey={<IntroSurveyPrompt />} programme={<ProgrammeImpact />} />
        ),
      };
    },
  },
  {
    path: 'campaign/new',
    lazy: async () => ({
      Component: (await import('../features/wizard/components/wizard-page')).NewCampaignWizardPage,
    }),
  },
  {
    path: 'campaign/:campaignId/edit',
    lazy: async () => ({
      Component: (await import('../features/wizard/components/wizard-page')).EditCampaignWizardPage,
    }),
  },
  {
    path: 'campaign/:campaignId',
    lazy: async () => {
      const [{ CampaignPage }, { CampaignResults }] = await Promise.all([
        import('../features/campaigns/components/campaign-page'),
        import('../features/results/components/campaign-results'),
      ]);
      return { Component: () => <CampaignPage Results={CampaignResults} /> };
    },
  },
  {
    path: 'pages',
    lazy: async () => ({
      Component: (await import('../features/pages/components/pages-list-page')).PagesListPage,
    }),
  },
  {
    path: 'pages/new',
    lazy: async () => ({
      Component: (await import('../features/pages/components/new-page-page')).NewPagePage,
    }),
  },
  {
    path: 'pages/:pageId',
    lazy: async () => ({
      Component: (await import('../features/pages/components/edit-page-page')).EditPagePage,
    }),
  },
  {
    path: 'pages/:pageId/test',
    lazy: async () => ({
      Component: (await import('../features/idea-experiments/components/idea-test-page'))
        .IdeaTestPage,
    }),
  },
  {
    path: 'preview',
    lazy: async () => ({
      Component: (await import('../features/preview/components/preview-page')).PreviewPage,
    }),
  },
  {
    path: 'settings',
    lazy: async () => ({
      Component: (await import('../features/settings/components/settings-layout')).SettingsLayout,
    }),
    children: settingsRoutes,
  },
  {
    path: 'instance/teams',
    lazy: async () => ({
      Component: (await import('../features/instance-admin/components/instance-teams-page'))
        .InstanceTeamsPage,
    }),
  },
  { path: '*', element: <NotFoundScreen embedded /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: '/', element: <Navigate to="/admin" replace /> },
      { path: '/admin', element: <AdminIndex /> },
      {
        path: '/admin/auth/sign-in',
        lazy: async () => ({
          Component: (await import('../features/auth/components/sign-in-page')).SignInPage,
        }),
      },
      {
        path: '/admin/auth/sso',
        lazy: async () => ({
          Component: (await import('../features/auth/components/sso-landing-page')).SsoLandingPage,
        }),
      },
      {
        path: '/admin/auth/sign-up',
        lazy: async () => ({
          Component: (await import('../features/auth/components/sign-up-page')).SignUpPage,
        }),
      },
      {
        path: '/admin/auth/forgot-password',
        lazy: async () => ({
          Component: (await import('../features/auth/components/forgot-password-page'))
            .ForgotPasswordPage,
        }),
      },
      {
        path: '/admin/auth/reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page'))
            .ResetPasswordPage,
        }),
      },
      {
        path: '/admin/auth/verify-email',
        lazy: async () => ({
          Component: (await import('../features/auth/components/verify-email-page'))
            .VerifyEmailPage,
        }),
      },
      {
        path: '/admin/auth/create-team',
        lazy: async () => {
          const [{ CreateTeamPage }, { InvitesBanner }] = await Promise.all([
            import('../features/auth/components/create-team-page'),
            import('./shell/invites-banner'),
          ]);
          return { Component: () => <CreateTeamPage invitations={<InvitesBanner compact />} /> };
        },
      },
      {
        path: '/admin/auth/invite',
        lazy: async () => ({
          Component: (await import('../features/auth/components/invite-page')).InvitePage,
        }),
      },
      { path: '/admin/auth/*', element: <Navigate to="/admin/auth/sign-in" replace /> },
      {
        path: '/admin/:team',
        lazy: async () => {
          const [{ TeamLayout }, { NotificationBell }] = await Promise.all([
            import('./shell/team-layout'),
            import('../features/notifications/components/notification-bell'),
          ]);
          return { Component: () => <TeamLayout Notifications={NotificationBell} /> };
        },
        children: teamRoutes,
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
