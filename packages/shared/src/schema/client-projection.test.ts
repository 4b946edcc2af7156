import { describe, expect, it } from 'vitest';
import { builtinTypeByName } from '../builtin-types/index.ts';
import type { DocumentSchema } from './document-schema.ts';
import { clientProjectionOf } from './client-projection.ts';

const pay: DocumentSchema = {
  version: 3,
  type: 'pay_claim',
  category: 'HR',
  requiredRoles: ['manager'],
  indexed: ['amount'],
  i18n: { data: { fr: { 'Pay claim': 'Note de frais' } } },
  form: {
    title: 'Pay claim',
    schema: {
      type: 'object',
      required: ['summary', 'salary'],
      properties: { summary: { type: 'string' }, salary: { type: 'number' }, amount: { type: 'number' } },
    },
    uiSchema: {
      type: 'VerticalLayout',
      elements: [
        { type: 'Control', scope: '#/properties/summary' },
        { type: 'Group', label: 'Pay', elements: [{ type: 'Control', scope: '#/properties/salary' }] },
        {
          type: 'HorizontalLayout',
          elements: [
            { type: 'Control', scope: '#/properties/salary/properties/base' },
            { type: 'Control', scope: '#/properties/amount' },
          ],
        },
      ],
    },
  },
  filter: { schema: { type: 'object', properties: { salary: { type: 'number' }, amount: { type: 'number' } } } },
  view: {
    title: 'Pay claims',
    table: { schema: [{ id: 'summary' }, { id: 'salary', protected: true }] },
    uiSchemas: { card: { type: 'VerticalLayout', elements: [{ type: 'Control', scope: '#/properties/salary' }] } },
  },
  export: { schema: [{ id: 'salary', protected: true }] },
  workflow: {
    enabled: true,
    blocks: [
      {
        type: 'approve',
        status: 'Approval',
        steps: [{ label: 'Payroll', roles: ['payroll'], user_ids: ['u-1'], users: [{ uuid: 'u-1', display_name: 'Pat' }] }],
      },
      { type: 'submit' },
    ],
  },
};

describe('clientProjectionOf', () => {
  it('keeps what the screens need and leaves out indexes and the people of workflow steps', () => {
    const projection = clientProjectionOf(pay);
    expect(projection).not.toHaveProperty('indexed');
    expect(projection.workflow).toEqual({
      enabled: true,
      blocks: [{ type: 'approve', status: 'Approval', steps: [{ label: 'Payroll', roles: ['payroll'] }] }, { type: 'submit' }],
    });
    const { indexed: _indexed, workflow: _workflow, ...rest } = pay;
    expect(projection).toMatchObject(rest);
    expect(pay.indexed).toEqual(['amount']);
    expect(pay.workflow?.blocks[0]?.steps?.[0]?.user_ids).toEqual(['u-1']);
  });

  it('drops the users of legacy steps (identities and external e-mail addresses)', () => {
    const request = builtinTypeByName('request')!;
    const withUsers: DocumentSchema = {
      ...request,
      legacyWorkflow: {
        enabled: true,
        steps: [{ scope: 92, descrip: 'Supplier', users: [{ uuid: 'buyer@supplier.example' }] }, { scope: 3 }],
      },
    };
    expect(clientProjectionOf(withUsers).legacyWorkflow).toEqual({
      enabled: true,
      steps: [{ scope: 92, descrip: 'Supplier' }, { scope: 3 }],
    });
  });

  it('removes hidden fields from the form, the filter and the layouts, but keeps their protected columns', () => {
    const projection = clientProjectionOf(pay, { hiddenFields: ['salary'] });
    expect(Object.keys(projection.form!.schema.properties!)).toEqual(['summary', 'amount']);
    expect(projection.form!.schema.required).toEqual(['summary']);
    expect(projection.form!.uiSchema).toEqual({
      type: 'VerticalLayout',
      elements: [
        { type: 'Control', scope: '#/properties/summary' },
        { type: 'HorizontalLayout', elements: [{ type: 'Control', scope: '#/properties/amount' }] },
      ],
    });
    expect(Object.keys(projection.filter!.schema.properties!)).toEqual(['amount']);
    expect(projection.view!.uiSchemas).toEqual({ card: { type: 'VerticalLayout', elements: [] } });
    expect(projection.view!.table.schema).toEqual(pay.view!.table.schema);
    expect(projection.export).toEqual(pay.export);
    expect(Object.keys(pay.form!.schema.properties!)).toEqual(['summary', 'salary', 'amount']);
  });

  it('answers a type without hidden fields, workflow or indexes as it is', () => {
    const note: DocumentSchema = { version: 3, type: 'note', form: pay.form, view: pay.view, filter: pay.filter };
    expect(clientProjectionOf(note, { hiddenFields: [] })).toEqual(note);
    expect(clientProjectionOf(note, { hiddenFields: ['unknown'] })).toEqual(note);
  });
});
