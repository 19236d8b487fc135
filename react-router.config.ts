import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Every flag of React Router v8 set, so a build names none of them in a warning: middleware is
  // used; the others keep v7's behaviour (the route table, the data URLs and the request handling
  // the server and tests rely on) until the move to v8 is made as a change of its own.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
