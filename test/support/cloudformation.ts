// What CloudFormation hands a custom resource, taken from the synthesized template: the resource's
// properties with references resolved to the physical ids CloudFormation would pass, wrapped in the
// Create/Update/Delete events of the custom-resource protocol; and a secret's first value as
// CloudFormation creates it (GenerateSecretString → a random password).
import { randomInt, randomUUID } from 'node:crypto';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template as Assertions } from 'aws-cdk-lib/assertions';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { InvoicingStack, type InvoicingStackProps } from '#infra/stack';

type Resource = { Type: string; Properties?: Record<string, unknown> };
export type Template = { Resources: Record<string, Resource>; Outputs?: Record<string, { Value: unknown }> };

/** The stack's template, synthesized without bundling the functions (the wiring is what is read). */
export function synthesizedTemplate(props: InvoicingStackProps = {}): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new InvoicingStack(app, 'InvoicingService', props);
  return app.synth().getStackByName(stack.stackName).template as Template;
}

/** The stack's resources and those of its nested stacks, as one template (logical ids do not collide). */
export function wholeTemplate(stack: Stack): Assertions {
  const parts = [
    stack,
    ...stack.node.findAll().filter((child): child is NestedStack => child instanceof NestedStack),
  ].map((part) => Assertions.fromStack(part).toJSON());
  return Assertions.fromJSON({ ...parts[0], Resources: Object.assign({}, ...parts.map((part) => part.Resources)) });
}

/** A deployment's whole template (nested stacks included), synthesized without bundling the functions. */
export const synthesizedWholeTemplate = (props: InvoicingStackProps = {}, context: Record<string, string> = {}) =>
  wholeTemplate(
    new InvoicingStack(new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } }), 'Other', props),
  );

const ACCOUNT = '111111111111';
const REGION = 'eu-west-1';
const STACK_ID = `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/InvoicingService/${randomUUID()}`;

/** The physical id CloudFormation passes for `Ref` of a resource: a secret's ARN, otherwise its name. */
export function physicalId(template: Template, logicalId: string): string {
  const type = template.Resources[logicalId]?.Type;
  if (type === 'AWS::SecretsManager::Secret')
    return `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${logicalId}-AbCdEf`;
  if (type === 'AWS::Lambda::Function')
    return `arn:aws:lambda:${REGION}:${ACCOUNT}:function:InvoicingService-${logicalId}`;
  return `InvoicingService-${logicalId}`;
}

function resolve(template: Template, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(template, item));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1 && entries[0]![0] === 'Ref') return physicalId(template, String(entries[0]![1]));
  if (entries.length === 1 && entries[0]![0] === 'Fn::GetAtt') {
    const [logicalId] = entries[0]![1] as [string, string];
    return physicalId(template, logicalId);
  }
  // Custom resources receive every property as a string (CloudFormation's protocol).
  return Object.fromEntries(
    entries.map(([key, item]) => [
      key,
      typeof item === 'number' || typeof item === 'boolean' ? String(item) : resolve(template, item),
    ]),
  );
}

/** Each custom resource of the template, with the events CloudFormation would send its provider. */
export function customResources(template: Template) {
  return Object.entries(template.Resources)
    .filter(
      ([, resource]) => resource.Type === 'AWS::CloudFormation::CustomResource' || resource.Type.startsWith('Custom::'),
    )
    .map(([logicalId, resource]) => {
      const properties = resolve(template, resource.Properties ?? {}) as Record<string, string> & {
        ServiceToken: string;
      };
      const base = {
        ServiceToken: properties.ServiceToken,
        ResponseURL: 'https://cloudformation-custom-resource-response.invalid/',
        StackId: STACK_ID,
        LogicalResourceId: logicalId,
        ResourceType: resource.Type,
        ResourceProperties: properties,
      };
      return {
        logicalId,
        properties,
        create: (): CloudFormationCustomResourceEvent => ({ ...base, RequestType: 'Create', RequestId: randomUUID() }),
        update: (physicalResourceId: string): CloudFormationCustomResourceEvent => ({
          ...base,
          RequestType: 'Update',
          RequestId: randomUUID(),
          PhysicalResourceId: physicalResourceId,
          OldResourceProperties: properties,
        }),
        delete: (physicalResourceId: string): CloudFormationCustomResourceEvent => ({
          ...base,
          RequestType: 'Delete',
          RequestId: randomUUID(),
          PhysicalResourceId: physicalResourceId,
        }),
      };
    });
}

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/**
 * A secret's value right after CloudFormation created it: SecretString as given, a password made by
 * GenerateSecretString's rules (32 printable characters by default, punctuation included), or no
 * value at all.
 */
export function initialSecretValue(secret: Resource): string | undefined {
  const properties = secret.Properties ?? {};
  if (typeof properties.SecretString === 'string') return properties.SecretString;
  const rules = properties.GenerateSecretString as Record<string, unknown> | undefined;
  if (!rules) return undefined;
  let alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  if (!rules.ExcludePunctuation) alphabet += PUNCTUATION;
  if (rules.IncludeSpace) alphabet += ' ';
  const excluded = String(rules.ExcludeCharacters ?? '');
  alphabet = [...alphabet].filter((character) => !excluded.includes(character)).join('');
  const length = Number(rules.PasswordLength ?? 32);
  const password = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
  return rules.SecretStringTemplate && rules.GenerateStringKey
    ? JSON.stringify({ ...JSON.parse(String(rules.SecretStringTemplate)), [String(rules.GenerateStringKey)]: password })
    : password;
}
