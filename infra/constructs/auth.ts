// Identity: the access-token signing key (private part in a secret, generated in the account by a
// custom resource; public part handed to every function) and the identity provider whose tokens
// the exchange accepts — a Cognito user pool by default, or an external OIDC issuer given as
// stack parameters.
import {
  CfnCondition,
  CfnOutput,
  CfnParameter,
  CustomResource,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import { CfnUserPool, CfnUserPoolClient, Mfa, UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { Architecture, type CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LAMBDA_RUNTIME, ServiceFunction } from '#infra/constructs/service-function';

/** The private JWK that signs access tokens, generated in the account by a custom resource, and its public JWKS. */
function signingKey(scope: Construct): { secret: Secret; publicJwks: string } {
  const secret = new Secret(scope, 'SigningKey', {
    description: 'Private JWK that signs access tokens (generated in place)',
  });
  const generator = new ServiceFunction(scope, 'SigningKeyGenerator', {
    entry: 'infra/functions/signing-key-generator/handler.ts',
    environment: {},
    timeout: Duration.seconds(30),
  });
  secret.grantRead(generator);
  secret.grantWrite(generator);
  // The provider framework's own function: same runtime and architecture as ours, and a log group that expires and
  // goes with the stack.
  const provider = new Provider(scope, 'SigningKeyProvider', {
    onEventHandler: generator,
    logGroup: new LogGroup(scope, 'SigningKeyProviderLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    }),
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'Rotating the signing key ends every session at once; ' +
      'key rotation with two published keys is a planned feature, not a schedule',
  });
  const generatorLogicalId = Stack.of(scope).getLogicalId(generator.node.defaultChild as CfnFunction);
  Validations.of(provider).acknowledge(
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "CDK's provider framework function: writes only its logs",
    },
    {
      id: `AwsSolutions-IAM5[Resource::<${generatorLogicalId}.Arn>:*]`,
      reason: "CDK's provider framework may invoke every version of the signing-key generator, and nothing else",
    },
    {
      id: 'Serverless-LambdaDefaultMemorySize',
      reason: "CDK's provider framework function runs only during deployments",
    },
    { id: 'Serverless-LambdaTracing', reason: "CDK's provider framework function runs only during deployments" },
    {
      id: 'Serverless-LambdaDLQ',
      reason:
        'CloudFormation invokes the provider and gets its answer; ' +
        'a failure fails the deployment, which is the right place to see it',
    },
  );
  const framework = provider.node.findChild('framework-onEvent').node.defaultChild as CfnFunction;
  framework.addPropertyOverride('Runtime', LAMBDA_RUNTIME.name);
  framework.addPropertyOverride('Architectures', [Architecture.ARM_64.name]);
  const key = new CustomResource(scope, 'SigningKeyPair', {
    serviceToken: provider.serviceToken,
    properties: { SecretArn: secret.secretArn },
  });
  return { secret, publicJwks: key.getAttString('PublicJwks') };
}

/** The Cognito user pool and its app client, which exist only where no external issuer is given. */
function cognitoUserPool(scope: Construct, condition: CfnCondition): { pool: UserPool; client: UserPoolClient } {
  const pool = new UserPool(scope, 'UserPool', {
    signInAliases: { email: true },
    selfSignUpEnabled: false,
    removalPolicy: RemovalPolicy.RETAIN,
    // NIST SP 800-63B: a minimum length, no composition rules; the COG1 reason and docs/deploy.md say the same.
    passwordPolicy: {
      minLength: 12,
      requireLowercase: false,
      requireUppercase: false,
      requireDigits: false,
      requireSymbols: false,
    },
    mfa: Mfa.OPTIONAL,
    mfaSecondFactor: { otp: true, sms: false },
  });
  Validations.of(pool).acknowledge(
    {
      id: 'AwsSolutions-COG1',
      reason:
        'At least 12 characters and no composition rules (no upper case, lower case, digit or symbol required), ' +
        'as NIST SP 800-63B recommends',
    },
    {
      id: 'AwsSolutions-COG2',
      reason:
        "MFA is offered (TOTP, optional); requiring it is the deploying company's choice " +
        '(docs/deploy.md, "Multi-factor authentication")',
    },
    {
      id: 'AwsSolutions-COG8',
      reason: 'The Plus feature plan costs per user; deployments that want threat protection switch it on',
    },
  );
  const client = new UserPoolClient(scope, 'AppClient', {
    userPool: pool,
    generateSecret: false,
    authFlows: { userPassword: true, userSrp: true },
  });
  (pool.node.defaultChild as CfnUserPool).cfnOptions.condition = condition;
  (client.node.defaultChild as CfnUserPoolClient).cfnOptions.condition = condition;
  return { pool, client };
}

export class AuthConstruct extends Construct {
  readonly signingKeySecret: Secret;
  readonly publicJwks: string;
  readonly identityProvider: { IDP_ISSUER: string; IDP_AUDIENCE: string; IDP_JWKS_URL: string };

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const { secret, publicJwks } = signingKey(this);
    this.signingKeySecret = secret;
    this.publicJwks = publicJwks;

    const issuer = new CfnParameter(Stack.of(this), 'IdentityProviderIssuer', {
      type: 'String',
      default: '',
      description:
        'Issuer (iss) of an external OIDC provider to trust instead of the Cognito user pool; empty for Cognito',
    });
    const audience = new CfnParameter(Stack.of(this), 'IdentityProviderAudience', {
      type: 'String',
      default: '',
      description: 'Audience (aud) the external provider puts in its tokens',
    });
    const jwksUrl = new CfnParameter(Stack.of(this), 'IdentityProviderJwksUrl', {
      type: 'String',
      default: '',
      description: 'JWKS URL of the external provider',
    });
    const external = new CfnCondition(this, 'UseExternalIdentityProvider', {
      expression: Fn.conditionNot(Fn.conditionEquals(issuer.valueAsString, '')),
    });
    const cognito = new CfnCondition(this, 'UseCognito', { expression: Fn.conditionEquals(issuer.valueAsString, '') });

    const { pool, client } = cognitoUserPool(this, cognito);
    const cognitoIssuer = `https://cognito-idp.${Stack.of(this).region}.amazonaws.com/${pool.userPoolId}`;
    const choose = (externalValue: string, cognitoValue: string) =>
      Fn.conditionIf(external.logicalId, externalValue, cognitoValue).toString();
    this.identityProvider = {
      IDP_ISSUER: choose(issuer.valueAsString, cognitoIssuer),
      IDP_AUDIENCE: choose(audience.valueAsString, client.userPoolClientId),
      IDP_JWKS_URL: choose(jwksUrl.valueAsString, `${cognitoIssuer}/.well-known/jwks.json`),
    };
    new CfnOutput(Stack.of(this), 'UserPoolId', { value: pool.userPoolId, condition: cognito });
    new CfnOutput(Stack.of(this), 'UserPoolClientId', { value: client.userPoolClientId, condition: cognito });
  }
}
