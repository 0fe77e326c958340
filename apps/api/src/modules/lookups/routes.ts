import { errorResponseSchema } from '@forecourt/contracts';
import {
  addressFindQuerySchema,
  addressFindResponseSchema,
  addressIdParamsSchema,
  addressRetrieveQuerySchema,
  addressSchema,
  dataEntryParamsSchema,
  dataEntrySchema,
  dataSearchQuerySchema,
  dataSearchResponseSchema,
  dataTableParamsSchema,
  vehicleLookupResponseSchema,
  vehicleMakesQuerySchema,
  vehicleMakesResponseSchema,
  vehicleModelsQuerySchema,
  vehicleModelsResponseSchema,
  vehicleVariantsQuerySchema,
  vehicleVariantsResponseSchema,
  vehicleVrnQuerySchema,
} from '@forecourt/contracts/lookups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireParty } from '../../lib/auth.ts';
import { ctxOf } from '../../lib/context.ts';
import { findAddresses } from './find-addresses.ts';
import { getDataEntry } from './get-data-entry.ts';
import { listVehicleMakes } from './list-vehicle-makes.ts';
import { listVehicleModels } from './list-vehicle-models.ts';
import { listVehicleVariants } from './list-vehicle-variants.ts';
import { lookupVehicleByVrn } from './lookup-vehicle-by-vrn.ts';
import { retrieveAddress } from './retrieve-address.ts';
import { searchDataTable } from './search-data-table.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** Lookups (spec 3 §7): no sign-in needed, but a session token (anonymous or customer) is. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/lookup/')) requireParty(request.caller);
  });

  app.get(
    '/api/lookup/vehicles/vehicles/vrn',
    {
      schema: {
        tags: ['lookups'],
        summary: 'The vehicle registered under a UK registration (404 when not found)',
        querystring: vehicleVrnQuerySchema,
        response: { 200: vehicleLookupResponseSchema, ...errors },
      },
    },
    async (request) => lookupVehicleByVrn(ctxOf(request), { vrn: request.query.vrn }),
  );
  app.get(
    '/api/lookup/vehicles/makes',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Vehicle makes with models manufactured in a year',
        querystring: vehicleMakesQuerySchema,
        response: { 200: vehicleMakesResponseSchema, ...errors },
      },
    },
    async (request) => listVehicleMakes(ctxOf(request), request.query),
  );
  app.get(
    '/api/lookup/vehicles/models',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Models of a make manufactured in a year',
        querystring: vehicleModelsQuerySchema,
        response: { 200: vehicleModelsResponseSchema, ...errors },
      },
    },
    async (request) => listVehicleModels(ctxOf(request), request.query),
  );
  app.get(
    '/api/lookup/vehicles/vehicles',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Variants of a model in a year, narrowed by any specification field',
        querystring: vehicleVariantsQuerySchema,
        response: { 200: vehicleVariantsResponseSchema, ...errors },
      },
    },
    async (request) => listVehicleVariants(ctxOf(request), request.query),
  );
  app.get(
    '/api/lookup/addresses',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Find addresses and postcodes; pass a Postcode id as container to list its addresses',
        querystring: addressFindQuerySchema,
        response: { 200: addressFindResponseSchema, ...errors },
      },
    },
    async (request) => findAddresses(ctxOf(request), request.query),
  );
  app.get(
    '/api/lookup/address/:id',
    {
      schema: {
        tags: ['lookups'],
        summary: 'The full address of a find result',
        params: addressIdParamsSchema,
        querystring: addressRetrieveQuerySchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => retrieveAddress(ctxOf(request), { id: request.params.id }),
  );
  app.get(
    '/api/lookup/data/:table',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Search a reference table (after its minimum characters)',
        params: dataTableParamsSchema,
        querystring: dataSearchQuerySchema,
        response: { 200: dataSearchResponseSchema, ...errors },
      },
    },
    async (request) =>
      searchDataTable(ctxOf(request), { table: request.params.table, searchTerm: request.query.searchTerm }),
  );
  app.get(
    '/api/lookup/data/:table/:entry',
    {
      schema: {
        tags: ['lookups'],
        summary: 'One reference-table entry by code (404 means no result)',
        params: dataEntryParamsSchema,
        response: { 200: dataEntrySchema, ...errors },
      },
    },
    async (request) => getDataEntry(ctxOf(request), request.params),
  );
};
