import type { FastifyInstance } from 'fastify';
import { registerAppConfigRoutes } from './app-config.routes.ts';
import { registerLoginRoutes } from './login.routes.ts';
import { registerMeRoutes } from './me.routes.ts';
import { registerPasswordRoutes } from './password.routes.ts';
import { registerRegistrationRoute } from './register.routes.ts';
import { authKit, type Deps } from './requests.ts';

/** The routes outside the resources: signing in and out, passwords, registration, /me, the public configuration. */
export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  const kit = authKit(deps);
  registerLoginRoutes(app, deps, kit);
  registerPasswordRoutes(app, deps, kit);
  registerRegistrationRoute(app, deps, kit);
  registerMeRoutes(app, deps, kit);
  registerAppConfigRoutes(app, deps);
}
