import { yaml } from '../validate-helpers.js';
import { type InvalidCase, valid } from './case.js';

export const nameCases: InvalidCase[] = [
  {
    name: 'names that are not GraphQL names',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        propertyTypes:
          Size-Info:
            properties:
              "first name": { type: String, name: "first name" }
        contentTypes:
          Blog-Post:
            contentType: []
            properties:
              1stLine: { type: String }
              Info: { type: Size-Info }
      `,
    },
    expected: [
      'shop.yaml:5:3 GF_INVALID_NAME',
      'shop.yaml:5:3 GF_UNUSED_PROPERTY_TYPE',
      'shop.yaml:7:7 GF_INVALID_NAME',
      'shop.yaml:9:3 GF_INVALID_NAME',
      'shop.yaml:12:7 GF_INVALID_NAME',
      'shop.yaml:13:21 GF_UNKNOWN_PROPERTY_TYPE',
    ],
    messages: [
      'property type `Size-Info` is not a valid GraphQL name: it may only hold letters, digits and _; try `Size_Info`',
      undefined,
      'property `first name` of property type `Size-Info` is not a valid GraphQL name',
      'content type `Blog-Post`',
      'property `1stLine` of content type `Blog-Post` is not a valid GraphQL name: it starts with a digit; try `_1stLine`',
      'is not a type name',
    ],
  },
  {
    name: 'names starting with __ are reserved',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        propertyTypes:
          Money:
            properties:
              Amount: { type: Float, name: __amount }
        contentTypes:
          __Product:
            contentType: []
            properties:
              __id: { type: String }
              Price: { type: Money }
      `,
    },
    expected: ['shop.yaml:7:36 GF_RESERVED_NAME', 'shop.yaml:9:3 GF_RESERVED_NAME', 'shop.yaml:12:7 GF_RESERVED_NAME'],
    messages: [
      'name `__amount` of property `Amount` of property type `Money` starts with `__`',
      'content type `__Product` starts with `__`',
      'property `__id` of content type `__Product`',
    ],
  },
  {
    name: 'Object.prototype member names as undeclared base and property types are unknown, not found',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Product:
            contentType: [toString]
            properties:
              Owner: { type: constructor }
              Parts: { type: "[hasOwnProperty]" }
      `,
    },
    expected: ['shop.yaml:6:19 GF_UNKNOWN_BASE_TYPE', 'shop.yaml:8:22 GF_UNKNOWN_PROPERTY_TYPE', 'shop.yaml:9:22 GF_UNKNOWN_PROPERTY_TYPE'],
    messages: [
      'derives from `toString`, which is not a content type',
      'type `constructor` of property `Owner` is unknown',
      '`hasOwnProperty` in the list type',
    ],
  },
  {
    name: 'content type names colliding across two files',
    files: {
      'blog.yaml': valid('blog', 'Article'),
      'news.yaml': yaml`
        id: news
        label: News
        languages: [en]
        contentTypes:
          Story:
            contentType: []
            properties: {}
          Article:
            contentType: []
            properties: {}
      `,
    },
    expected: ['news.yaml:8:3 GF_TYPE_NAME_COLLISION'],
    messages: ['also defined by source `blog` (blog.yaml:5)'],
  },
  {
    name: 'content type name colliding with a source only in state',
    files: { 'blog.yaml': valid('blog', 'Product') },
    context: {
      stateSources: {
        shop: { label: 'Shop', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } },
        blog: { label: 'Blog', languages: ['en'], contentTypes: { Old: { contentType: [], properties: {} } } },
      },
    },
    expected: ['blog.yaml:5:3 GF_TYPE_NAME_COLLISION'],
    messages: ['source `shop`, which is in state but no longer declared'],
  },
  {
    name: 'content type and property type names taken by the CMS or by scalars',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        propertyTypes:
          Date:
            properties:
              Day: { type: Int }
        contentTypes:
          StandardPage:
            contentType: []
            properties:
              When: { type: Date }
          Query:
            contentType: []
            properties: {}
      `,
    },
    context: { reservedTypeNames: ['StandardPage', 'ArticlePage'] },
    expected: ['shop.yaml:5:3 GF_RESERVED_TYPE_NAME', 'shop.yaml:9:3 GF_RESERVED_TYPE_NAME', 'shop.yaml:13:3 GF_RESERVED_TYPE_NAME'],
    messages: ['is a scalar type', 'is a content type of the CMS (reservedTypeNames in the config)', 'every GraphQL schema defines'],
  },
  {
    name: 'a property type named like a content type of the same source',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        propertyTypes:
          Product:
            properties:
              Code: { type: String }
        contentTypes:
          Product:
            contentType: []
            properties:
              Code: { type: Product }
      `,
    },
    expected: ['shop.yaml:5:3 GF_PROPERTY_TYPE_NAME_COLLISION'],
    messages: ['same name as a content type of this source (shop.yaml:9)'],
  },
];
