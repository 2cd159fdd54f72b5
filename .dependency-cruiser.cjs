// The layering of docs/architecture.md, checked on every `npm test` (npm run lint:layers).
// Lower layers never import higher ones; a rule names the layer and what it may not reach.

const DOMAIN = '^shared/domain/';
const PLATFORM = '^shared/(aws/|observability/|config\\.ts$|zod-locale\\.ts$)';
const DATA = '^shared/data/';
const OPERATIONS = '^shared/(invoicing|clients|organizations|quotes|members|audit|exports|inbox|archive|reconciliation)/';
const SERVICES =
  '^shared/(auth|payments|peppol|webhooks|recurring|reports|email|documents|e-invoice-rules|e-invoice-reader|bank-statement-reader|events|exchange-rates)/';
const FRAMES = '^shared/(http|workers)/';
const FUNCTIONS = '^functions/';
const ABOVE_PLATFORM = `(${DATA}|${OPERATIONS}|${SERVICES}|${FRAMES}|${FUNCTIONS})`;
// A package resolves to node_modules/… or, where node_modules is a link to a shared install, to ../…/node_modules/….
const DYNAMODB = '(^|/)node_modules/@aws-sdk/(lib-dynamodb|client-dynamodb|util-dynamodb)/';

module.exports = {
  forbidden: [
    {
      name: 'every-room-has-a-layer',
      comment: 'Each folder of shared/ is in one layer above, so the rules below cover it; add a new one there.',
      severity: 'error',
      from: { path: '^shared/', pathNot: [DOMAIN, PLATFORM, DATA, OPERATIONS, SERVICES, FRAMES] },
      to: {},
    },
    {
      name: 'no-cycles',
      comment: 'A cycle means two modules are one; merge them or move what both need one layer down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'The domain holds rules and types: no storage, transport, AWS or configuration; pure libraries only.',
      severity: 'error',
      from: { path: DOMAIN },
      to: {
        pathNot: [DOMAIN, '(^|/)(node_modules/)?(dinero\\.js|@dinero\\.js|ulid|ibantools|jsvat|image-size)/'],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'platform-is-below-data',
      comment: 'AWS clients, logs, metrics and configuration know nothing of repositories or features.',
      severity: 'error',
      from: { path: PLATFORM },
      to: { path: ABOVE_PLATFORM },
    },
    {
      name: 'data-depends-only-on-domain',
      comment: 'Repositories build on the domain (and the platform clients); nothing above.',
      severity: 'error',
      from: { path: DATA },
      to: { path: `(${OPERATIONS}|${SERVICES}|${FRAMES}|${FUNCTIONS})` },
    },
    {
      name: 'repositories-persist-only',
      comment: 'A repository stores what an operation decided: it renders no API shape, documents or e-mails.',
      severity: 'error',
      from: { path: DATA },
      to: { path: '^shared/(domain/resources|documents|email|http)/' },
    },
    {
      name: 'operations-below-frames',
      comment: 'An operation is called by routes and workers; it knows nothing of HTTP or queues.',
      severity: 'error',
      from: { path: OPERATIONS },
      to: { path: `(${FRAMES}|${FUNCTIONS}|^shared/(payments|recurring|webhooks|reports|auth)/)` },
    },
    {
      name: 'documents-below-operations',
      comment: 'Drawing and sending documents serve the operations; they never call one, nor the services above.',
      severity: 'error',
      from: { path: '^shared/(documents|email|e-invoice-reader|bank-statement-reader)/' },
      to: { path: `(${OPERATIONS}|^shared/(payments|recurring|auth|webhooks|reports|events)/)` },
    },
    {
      name: 'services-below-frames',
      comment: 'Features are used by routes and workers, never the other way; HTTP statuses stay in shared/http.',
      severity: 'error',
      from: { path: SERVICES },
      to: { path: `(${FRAMES}|${FUNCTIONS})` },
    },
    {
      name: 'shared-never-imports-functions',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(functions|infra|test|bench)/' },
    },
    {
      name: 'e-invoice-rules-stand-alone',
      comment:
        'The official e-invoice checks judge what the service writes and receives; they import nothing else of it, ' +
        'so the check can never be shaped by the code it checks.',
      severity: 'error',
      from: { path: '^shared/e-invoice-rules/' },
      to: { path: '^(shared|functions|infra|test|bench)/', pathNot: '^shared/e-invoice-rules/' },
    },
    {
      name: 'frames-are-separate',
      comment: 'The HTTP frame and the worker frame do not lean on each other.',
      severity: 'error',
      from: { path: '^shared/(http|workers)/' },
      to: { path: '^shared/(http|workers)/', pathNot: '^shared/$1/' },
    },
    {
      name: 'handlers-are-independent',
      comment: 'A function imports shared code and the tables beside it, never another function.',
      severity: 'error',
      from: { path: '^functions/([^/]+)/' },
      to: { path: '^functions/[^/]+/', pathNot: '^functions/$1/' },
    },
    {
      name: 'repositories-own-the-table',
      comment: 'Every DynamoDB command and key lives in shared/data; everything else calls a repository.',
      severity: 'error',
      from: { path: '^(shared|functions)/', pathNot: DATA },
      to: { path: DYNAMODB },
    },
    {
      name: 'keys-stay-in-repositories',
      comment: 'Table keys and index names are built in shared/data/keys.ts and used only by repositories.',
      severity: 'error',
      from: { path: '^(shared|functions|infra)/', pathNot: DATA },
      to: { path: '^shared/data/keys\\.ts$' },
    },
    {
      name: 'statuses-only-in-http',
      comment: 'The status of each error code is decided in shared/http/errors.ts; below it, code throws DomainError.',
      severity: 'error',
      from: { pathNot: '^(shared/http/|functions/|test/|bench/|infra/)' },
      to: { path: '^shared/http/errors\\.ts$' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^cdk\\.out/' },
  },
};
