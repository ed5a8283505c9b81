import { Navigate, type RouteObject } from 'react-router';
import { AboutAiScreen } from '../routes/about-ai-screen.tsx';
import { AccountScreen } from '../routes/account-screen.tsx';
import { CreatePatientScreen } from '../routes/create-patient-screen.tsx';
import { ConfirmDemoScreen, ToastDemoScreen } from '../routes/demo-screens.tsx';
import { FindAccountScreen } from '../routes/find-account-screen.tsx';
import { HomeScreen } from '../routes/home-screen.tsx';
import { ListScreen } from '../routes/list-screen.tsx';
import { NotFoundScreen } from '../routes/not-found-screen.tsx';
import { accountSections, paths } from '../routes/paths.ts';
import { PatientScreen } from '../routes/patient-screen.tsx';
import { ServerErrorScreen } from '../routes/server-error-screen.tsx';
import { SignUpScreen } from '../routes/sign-up-screen.tsx';
import { ViewerScreen } from '../routes/viewer-screen.tsx';
import { RequireSession } from './require-session.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * The route tree (spec point 2). Patterns come from routes/paths.ts. A screen that throws renders
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
          {
            // Signed-in only: everything with patient data and the account pages.
            element: <RequireSession />,
            children: [
              { path: paths.listRoot.pattern, element: <Navigate to={paths.listRoot.to()} replace /> },
              { path: paths.list.pattern, element: <ListScreen /> },
              { path: paths.patient.pattern, element: <PatientScreen /> },
              { path: paths.createPatient.pattern, element: <CreatePatientScreen /> },
              { path: paths.viewer.pattern, element: <ViewerScreen /> },
              { path: paths.aboutAi.pattern, element: <AboutAiScreen /> },
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
