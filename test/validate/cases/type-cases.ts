import { yaml } from '../validate-helpers.js';
import type { InvalidCase } from './case.js';

export const typeCases: InvalidCase[] = [
  {
    name: 'unknown property type with a suggestion',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Product:
            contentType: []
            properties:
              Name: { type: Strnig }
      `,
    },
    expected: ['shop.yaml:8:21 GF_UNKNOWN_PROPERTY_TYPE'],
    messages: ['did you mean `String`?'],
  },
  {
    name: 'a list of an unknown type, suggesting a declared property type',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        propertyTypes:
          Dimensions:
            properties:
              Width: { type: Float }
        contentTypes:
          Product:
            contentType: []
            properties:
              Sizes: { type: "[Dimension]" }
      `,
    },
    // The misspelling also leaves Dimensions unused: a warning that points at the other end.
    expected: ['shop.yaml:5:3 GF_UNUSED_PROPERTY_TYPE', 'shop.yaml:12:22 GF_UNKNOWN_PROPERTY_TYPE'],
    messages: [
      undefined,
      '`Dimension` in the list type is neither a scalar (String, Int, Float, Boolean, Date, DateTime) nor a property type of this source; did you mean `[Dimensions]`?',
    ],
  },
  {
    name: 'a type spelled as in another language suggests the scalar',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Product:
            contentType: []
            properties:
              Quantity:
                type: Integer
      `,
    },
    expected: ['shop.yaml:9:15 GF_UNKNOWN_PROPERTY_TYPE'],
    messages: ['did you mean `Int`?'],
  },
  {
    name: 'unknown type inside a property type, and a list of lists',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        propertyTypes:
          Dimensions:
            properties:
              Width: { type: Flaot }
              Grid: { type: "[[Float]]" }
        contentTypes:
          Product:
            contentType: []
            properties:
              Size: { type: Dimensions }
      `,
    },
    expected: ['shop.yaml:7:22 GF_UNKNOWN_PROPERTY_TYPE', 'shop.yaml:8:21 GF_UNKNOWN_PROPERTY_TYPE'],
    messages: ['did you mean `Float`?', 'list of lists'],
  },
  {
    name: 'a content type used as a property type',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Category:
            contentType: []
            properties: {}
          Product:
            contentType: []
            properties:
              Category: { type: Category }
      `,
    },
    expected: ['shop.yaml:11:25 GF_UNKNOWN_PROPERTY_TYPE'],
    messages: ['names a content type'],
  },
  {
    name: 'unknown base type with a suggestion',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Item:
            abstract: true
            contentType: []
            properties: {}
          Product:
            contentType: [Itme]
            properties: {}
      `,
    },
    expected: ['shop.yaml:10:19 GF_UNKNOWN_BASE_TYPE'],
    messages: ['did you mean `Item`?'],
  },
  {
    name: 'an inheritance cycle is reported once, naming the circle',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          A:
            contentType: [B]
            properties: {}
          B:
            contentType:
              - A
            properties: {}
      `,
    },
    expected: ['shop.yaml:6:19 GF_INHERITANCE_CYCLE'],
    messages: ['A → B → A'],
  },
  {
    name: 'a content type deriving from itself',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Item:
            contentType: [Item]
            properties: {}
      `,
    },
    expected: ['shop.yaml:6:19 GF_INHERITANCE_CYCLE'],
    messages: ['Item → Item'],
  },
  {
    name: 'a base property redeclared with another type, also through two levels',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Item:
            contentType: []
            properties:
              Name: { type: String }
          Product:
            contentType: [Item]
            properties:
              Sku: { type: String }
          Shoe:
            contentType: [Product]
            properties:
              Name: { type: "[String]" }
              Sku: { type: Int }
      `,
    },
    expected: ['shop.yaml:16:21 GF_BASE_PROPERTY_CONFLICT', 'shop.yaml:17:20 GF_BASE_PROPERTY_CONFLICT'],
    messages: ['`[String]` here but `String` in base type `Item` (shop.yaml:8)', '`Int` here but `String` in base type `Product`'],
  },
  {
    name: 'a property inherited from two bases with two types',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        contentTypes:
          Priced:
            contentType: []
            properties:
              Price: { type: Float }
          Quoted:
            contentType: []
            properties:
              Price: { type: String }
          Offer:
            contentType: [Priced, Quoted]
            properties: {}
      `,
    },
    expected: ['shop.yaml:14:5 GF_BASE_PROPERTY_CONFLICT'],
    messages: ['inherits property `Price` twice with different types: `Float` from `Priced` and `String` from `Quoted`'],
  },
  {
    name: 'an unused property type is a warning',
    files: {
      'shop.yaml': yaml`
        id: shop
        label: Shop
        languages: [en]
        propertyTypes:
          Money:
            properties:
              Amount: { type: Float }
        contentTypes:
          Product:
            contentType: []
            properties: {}
      `,
    },
    expected: ['shop.yaml:5:3 GF_UNUSED_PROPERTY_TYPE'],
  },
  {
    name: "a link's `from` by the plain name of a property with another wire name is a warning",
    files: {
      'wx.yaml': yaml`
        id: wx
        languages: [en]
        links:
          Forecast: { from: City, to: Name }
          Typed: { from: City___searchable, to: Name }
        contentTypes:
          Weather:
            contentType: []
            properties:
              City: { type: String, searchable: true }
      `,
    },
    expected: ['wx.yaml:4:21 GF_LINK_FIELD_PLAIN_NAME'],
    messages: [
      "link `Forecast` names `City`, but items carry that property as `City___searchable` (its wire name) and the vendor's client names link fields that way; did you mean `City___searchable`?",
    ],
  },
  {
    name: "a link's `to` by the plain name of another declared source's property with another wire name is a warning too",
    files: {
      'wx.yaml': yaml`
        id: wx
        languages: [en]
        links:
          Forecast: { from: City___searchable, to: Name }
          Wired: { from: City___searchable, to: Name___searchable }
          Unknown: { from: City___searchable, to: Nowhere }
        contentTypes:
          Weather:
            contentType: []
            properties:
              City: { type: String, searchable: true }
      `,
      'ct.yaml': yaml`
        id: ct
        languages: [en]
        contentTypes:
          Town:
            contentType: []
            properties:
              Name: { type: String, searchable: true }
      `,
    },
    expected: ['wx.yaml:4:44 GF_LINK_FIELD_PLAIN_NAME'],
    messages: [
      "link `Forecast` names `Name` in `to`, but items carry that property as `Name___searchable` (its wire name, in source ct) and the vendor's client names both ends of a link that way; did you mean `Name___searchable`?",
    ],
  },
  {
    name: 'a property both searchable and skip is a warning',
    files: {
      'shop.yaml': yaml`
        id: shop
        languages: [en]
        contentTypes:
          Product:
            contentType: []
            properties:
              Name: { type: String, searchable: true, skip: true }
      `,
    },
    expected: ['shop.yaml:7:47 GF_SEARCHABLE_AND_SKIP'],
  },
];
