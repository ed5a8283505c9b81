import { useEffect } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ConfirmDemoScreen, ToastDemoScreen } from '../routes/demo-screens.tsx';
import { HomeScreen } from '../routes/home-screen.tsx';
import { ListScreen } from '../routes/list-screen.tsx';
import { NotFoundScreen } from '../routes/not-found-screen.tsx';
import { accountSections, paths } from '../routes/paths.ts';
import { ServerErrorScreen } from '../routes/server-error-screen.tsx';
import { RequireSession } from './require-session.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { RootLayout } from './root-layout.tsx';

// Screens beyond the sign-in page and the patient list load on first visit, each in its own chunk
// (one line per screen; lazy-screen.tsx).
const AboutAiScreen = lazyScreen(() => import('../routes/about-ai-screen.tsx'), 'AboutAiScreen');
const AccountScreen = lazyScreen(() => import('../routes/account-screen.tsx'), 'AccountScreen');
const ClinicJoinScreen = lazyScreen(() => import('../routes/clinic-join-screen.tsx'), 'ClinicJoinScreen');
const CreatePatientScreen = lazyScreen(() => import('../routes/create-patient-screen.tsx'), 'CreatePatientScreen');
const FindAccountScreen = lazyScreen(() => import('../routes/find-account-screen.tsx'), 'FindAccountScreen');
const PrivacyScreen = lazyScreen(() => import('../routes/legal-screens.tsx'), 'PrivacyScreen');
const TermsScreen = lazyScreen(() => import('../routes/legal-screens.tsx'), 'TermsScreen');
const PatientScreen = lazyScreen(() => import('../routes/patient-screen.tsx'), 'PatientScreen');
const SignUpScreen = lazyScreen(() => import('../routes/sign-up-screen.tsx'), 'SignUpScreen');
const ViewerScreen = lazyScreen(() => import('../routes/viewer-screen.tsx'), 'ViewerScreen');
const ConsultationScreen = lazyScreen(() => import('../routes/consultation-screen.tsx'), 'ConsultationScreen');
const AdministrationScreen = lazyScreen(() => import('../routes/admin-screen.tsx'), 'AdministrationScreen');

/**
 * The list is the way into the viewer: the viewer's chunk is fetched and run while the list is read
 * (or a new patient's film uploads behind it), not after the click on a row (bench:save-to-landmarks).
 */
function ListRoute() {
  useEffect(() => {
    void ViewerScreen.preload();
  }, []);
  return <ListScreen />;
}

/**
 * The route tree (docs/spec-points.md §2). Patterns come from routes/paths.ts. A screen that throws renders
 * the 500 page inside the normal chrome; if the chrome itself throws, the outer boundary catches it.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorScreen />,
    children: [
      {
        errorElement: <ServerErrorScreen />,
        children: [
          { path: paths.home.pattern, element: <HomeScreen /> },
          { path: paths.signUp.pattern, element: <SignUpScreen /> },
          { path: paths.findEmail.pattern, element: <FindAccountScreen /> },
          { path: paths.findPassword.pattern, element: <FindAccountScreen /> },
          { path: paths.terms.pattern, element: <TermsScreen /> },
          { path: paths.privacy.pattern, element: <PrivacyScreen /> },
          // The invitation mail's link: signed out it offers sign-in first, so it is outside RequireSession.
          { path: paths.clinicJoin.pattern, element: <ClinicJoinScreen /> },
          {
            // Signed-in only: everything with patient data and the account pages.
            element: <RequireSession />,
            children: [
              { path: paths.listRoot.pattern, element: <Navigate to={paths.listRoot.to()} replace /> },
              { path: paths.list.pattern, element: <ListRoute /> },
              { path: paths.patient.pattern, element: <PatientScreen /> },
              { path: paths.createPatient.pattern, element: <CreatePatientScreen /> },
              { path: paths.viewer.pattern, element: <ViewerScreen /> },
              { path: paths.consultation.pattern, element: <ConsultationScreen /> },
              { path: paths.aboutAi.pattern, element: <AboutAiScreen /> },
              { path: paths.admin.pattern, element: <AdministrationScreen /> },
              { path: paths.adminAudit.pattern, element: <AdministrationScreen /> },
              ...accountSections.map((section) => ({ path: paths[section].pattern, element: <AccountScreen /> })),
            ],
          },
          { path: paths.confirmDemo.pattern, element: <ConfirmDemoScreen /> },
          { path: paths.toastDemo.pattern, element: <ToastDemoScreen /> },
          { path: paths.notFound.pattern, element: <NotFoundScreen /> },
          { path: paths.serverError.pattern, element: <ServerErrorScreen /> },
          { path: '*', element: <Navigate to={paths.home.to()} replace /> },
        ],
      },
    ],
  },
];
