// What a queue of functions/topology.ts declares: the queue, and its consumer with the grants of its role.

export type QueueSpec = {
  /** Queue name after the stack's prefix (locally) and the CDK construct id (in AWS). */
  name: string;
  constructId: string;
  fifo?: boolean;
  /** Receives before a message moves to the queue's dead-letter queue. */
  maxReceiveCount: number;
  retentionDays: number;
  consumer: {
    /** Function folder under functions/. */
    handler: string;
    timeoutSeconds: number;
    batchSize: number;
    /** Most instances at once (the event source's maximum concurrency). */
    maxConcurrency: number;
    /** The construct id of the consumer function (in AWS), and what its alarm calls it. */
    constructId: string;
    title: string;
    /**
     * What the consumer may do besides reading its own queue: the IAM grants of its role (infra/constructs/grants.ts),
     * in the words of the route table. `readOnly` reads the table and its indexes, `readWrite` also writes.
     */
    table: 'readOnly' | 'readWrite';
    /** Has documents drawn: may invoke the document renderer (DOCUMENT_RENDERER below). */
    rendersDocuments?: boolean;
    /** Reads and writes the archive: objects with their lock, never a delete (docs/archive.md). */
    archives?: boolean;
    /** Sends e-mail through SES (the configured sender, the configuration set). */
    sendsEmail?: boolean;
    /** Puts messages on the webhook delivery queue. */
    queuesDeliveries?: boolean;
    /** Schedules its own retries (visibility changes) and dead-letters what it gives up on: the delivery worker. */
    retriesDeliveries?: boolean;
    /** Writes files (in parts) to the export bucket. */
    writesExports?: boolean;
    /** Invokes the Peppol gateway (PEPPOL_GATEWAY below). */
    usesPeppol?: boolean;
    /** Puts its own later looks at a sending on the Peppol queue: the Peppol worker. */
    queuesPeppolChecks?: boolean;
    /** Takes received e-invoices in: invokes the e-invoice reader (E_INVOICE_READER below), writes the incoming bucket. */
    receivesInvoices?: boolean;
    /** Reads the incoming bucket (an e-mail's MIME, where SES's receipt rule put it). */
    readsIncoming?: boolean;
  };
};
