/// The hub's OpenAPI 3 document, served at `/openapi.json` and committed as `docs/openapi.json`
/// (regenerate that file with `tensorbridge hub openapi > docs/openapi.json`).
public enum ModelHubOpenAPI {
  /// The document, as JSON.
  public static let document = ##"""
{
  "components": {
    "schemas": {
      "APIKey": {
        "properties": {
          "createTime": {
            "format": "date-time",
            "type": "string"
          },
          "id": {
            "type": "string"
          },
          "revokeTime": {
            "format": "date-time",
            "type": "string"
          },
          "scope": {
            "enum": [
              "admin",
              "client"
            ],
            "type": "string"
          }
        },
        "required": [
          "id",
          "scope",
          "createTime"
        ],
        "type": "object"
      },
      "APIKeyList": {
        "properties": {
          "keys": {
            "items": {
              "$ref": "#/components/schemas/APIKey"
            },
            "type": "array"
          }
        },
        "required": [
          "keys"
        ],
        "type": "object"
      },
      "Assignment": {
        "properties": {
          "bucket": {
            "maximum": 9999,
            "minimum": 0,
            "type": "integer"
          },
          "reason": {
            "description": "rule: a targeting rule matched; variant: the installation's sticky bucket chose a weighted variant; stable: no installation id was sent, so the variant with the largest weight (ties: the lower version), never a canary; latest: no rollout applied, the latest published version.",
            "enum": [
              "rule",
              "variant",
              "stable",
              "latest"
            ],
            "type": "string"
          },
          "rule": {
            "type": "integer"
          },
          "variant": {
            "type": "integer"
          }
        },
        "required": [
          "reason"
        ],
        "type": "object"
      },
      "CreateModelRequest": {
        "properties": {
          "displayName": {
            "description": "One line, 1 to 200 characters.",
            "maxLength": 200,
            "minLength": 1,
            "type": "string"
          },
          "name": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          },
          "tags": {
            "description": "At most 20 tags.",
            "items": {
              "pattern": "^[A-Za-z0-9_-]{1,60}$",
              "type": "string"
            },
            "maxItems": 20,
            "type": "array"
          }
        },
        "required": [
          "name"
        ],
        "type": "object"
      },
      "DownloadInfo": {
        "properties": {
          "assignment": {
            "$ref": "#/components/schemas/Assignment"
          },
          "downloadUri": {
            "format": "uri",
            "type": "string"
          },
          "expireTime": {
            "format": "date-time",
            "type": "string"
          },
          "modelHash": {
            "type": "string"
          },
          "sizeBytes": {
            "type": "integer"
          },
          "version": {
            "type": "integer"
          }
        },
        "required": [
          "downloadUri",
          "expireTime",
          "sizeBytes",
          "modelHash",
          "version",
          "assignment"
        ],
        "type": "object"
      },
      "Error": {
        "properties": {
          "error": {
            "properties": {
              "code": {
                "type": "string"
              },
              "message": {
                "type": "string"
              }
            },
            "required": [
              "code",
              "message"
            ],
            "type": "object"
          }
        },
        "required": [
          "error"
        ],
        "type": "object"
      },
      "Model": {
        "properties": {
          "createTime": {
            "format": "date-time",
            "type": "string"
          },
          "displayName": {
            "type": "string"
          },
          "etag": {
            "type": "string"
          },
          "latestPublishedVersion": {
            "type": "integer"
          },
          "latestVersion": {
            "type": "integer"
          },
          "name": {
            "type": "string"
          },
          "tags": {
            "items": {
              "type": "string"
            },
            "type": "array"
          },
          "updateTime": {
            "format": "date-time",
            "type": "string"
          }
        },
        "required": [
          "name",
          "displayName",
          "tags",
          "createTime",
          "updateTime",
          "etag"
        ],
        "type": "object"
      },
      "ModelPage": {
        "properties": {
          "models": {
            "items": {
              "$ref": "#/components/schemas/Model"
            },
            "type": "array"
          },
          "nextPageToken": {
            "type": "string"
          }
        },
        "required": [
          "models"
        ],
        "type": "object"
      },
      "ModelVersion": {
        "properties": {
          "createTime": {
            "format": "date-time",
            "type": "string"
          },
          "model": {
            "type": "string"
          },
          "modelHash": {
            "type": "string"
          },
          "published": {
            "type": "boolean"
          },
          "sizeBytes": {
            "type": "integer"
          },
          "validation": {
            "$ref": "#/components/schemas/ValidationReport"
          },
          "version": {
            "type": "integer"
          }
        },
        "required": [
          "model",
          "version",
          "modelHash",
          "sizeBytes",
          "createTime",
          "published",
          "validation"
        ],
        "type": "object"
      },
      "Rollout": {
        "description": "The PUT body may be up to 8 MiB (8388608 bytes), so every rollout within these limits fits; other JSON bodies up to 64 KiB (65536 bytes).",
        "properties": {
          "rules": {
            "description": "At most 100 rules, checked in order.",
            "items": {
              "properties": {
                "installationIds": {
                  "description": "At most 10000 installation ids in the whole rollout (over all its rules).",
                  "items": {
                    "maxLength": 200,
                    "minLength": 1,
                    "pattern": "^[!-~]{1,200}$",
                    "type": "string"
                  },
                  "maxItems": 10000,
                  "type": "array"
                },
                "maxAppVersion": {
                  "type": "string"
                },
                "minAppVersion": {
                  "type": "string"
                },
                "platforms": {
                  "items": {
                    "maxLength": 200,
                    "minLength": 1,
                    "pattern": "^[!-~]{1,200}$",
                    "type": "string"
                  },
                  "maxItems": 20,
                  "type": "array"
                },
                "version": {
                  "type": "integer"
                }
              },
              "required": [
                "version"
              ],
              "type": "object"
            },
            "maxItems": 100,
            "type": "array"
          },
          "variants": {
            "description": "At most 20 variants; weights add up to 100.",
            "items": {
              "properties": {
                "version": {
                  "type": "integer"
                },
                "weight": {
                  "maximum": 100,
                  "minimum": 0,
                  "type": "integer"
                }
              },
              "required": [
                "version",
                "weight"
              ],
              "type": "object"
            },
            "maxItems": 20,
            "type": "array"
          }
        },
        "type": "object"
      },
      "UpdateModelRequest": {
        "properties": {
          "displayName": {
            "description": "One line, 1 to 200 characters.",
            "maxLength": 200,
            "minLength": 1,
            "type": "string"
          },
          "tags": {
            "description": "At most 20 tags.",
            "items": {
              "pattern": "^[A-Za-z0-9_-]{1,60}$",
              "type": "string"
            },
            "maxItems": 20,
            "type": "array"
          }
        },
        "type": "object"
      },
      "ValidationReport": {
        "properties": {
          "hasMetadata": {
            "type": "boolean"
          },
          "inputs": {
            "items": {
              "properties": {
                "dtype": {
                  "type": "string"
                },
                "name": {
                  "type": "string"
                },
                "shape": {
                  "items": {
                    "type": "integer"
                  },
                  "type": "array"
                }
              },
              "required": [
                "name",
                "dtype",
                "shape"
              ],
              "type": "object"
            },
            "type": "array"
          },
          "metadataNames": {
            "items": {
              "type": "string"
            },
            "type": "array"
          },
          "operators": {
            "items": {
              "type": "string"
            },
            "type": "array"
          },
          "outputs": {
            "items": {
              "properties": {
                "dtype": {
                  "type": "string"
                },
                "name": {
                  "type": "string"
                },
                "shape": {
                  "items": {
                    "type": "integer"
                  },
                  "type": "array"
                }
              },
              "required": [
                "name",
                "dtype",
                "shape"
              ],
              "type": "object"
            },
            "type": "array"
          },
          "runtimeError": {
            "type": "string"
          },
          "runtimeLoads": {
            "type": "boolean"
          }
        },
        "required": [
          "inputs",
          "outputs",
          "operators",
          "metadataNames",
          "hasMetadata"
        ],
        "type": "object"
      },
      "VersionList": {
        "properties": {
          "versions": {
            "items": {
              "$ref": "#/components/schemas/ModelVersion"
            },
            "type": "array"
          }
        },
        "required": [
          "versions"
        ],
        "type": "object"
      }
    },
    "securitySchemes": {
      "bearer": {
        "description": "An API key from `tensorbridge hub keys create`; revoked with `hub keys revoke` or POST /v1/keys/{id}:revoke, effective on the next request.",
        "scheme": "bearer",
        "type": "http"
      }
    }
  },
  "info": {
    "description": "A self-hosted model server: an admin API (keys with the admin scope) to upload, publish and roll out TensorFlow Lite models, and a client API shaped like Firebase ML's model downloader. Errors are {\"error\": {\"code\", \"message\"}}.",
    "title": "TensorBridge ModelHub",
    "version": "1.0.0"
  },
  "openapi": "3.0.3",
  "paths": {
    "/healthz": {
      "get": {
        "operationId": "health",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "properties": {
                    "status": {
                      "enum": [
                        "ok"
                      ],
                      "type": "string"
                    }
                  },
                  "required": [
                    "status"
                  ],
                  "type": "object"
                }
              }
            },
            "description": "The hub is up."
          }
        },
        "security": [],
        "summary": "Liveness check."
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openapi",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            },
            "description": "The OpenAPI document."
          }
        },
        "security": [],
        "summary": "This document."
      }
    },
    "/v1/files/{hash}": {
      "get": {
        "operationId": "getFile",
        "parameters": [
          {
            "description": "RFC 9110 §14.2: one range, bytes=first-last, bytes=first- or bytes=-suffix (ASCII digits only; the unit is case-insensitive). Anything else (signs, several ranges, last < first) is ignored and the whole file is sent.",
            "in": "header",
            "name": "Range",
            "schema": {
              "type": "string"
            }
          },
          {
            "in": "header",
            "name": "If-None-Match",
            "schema": {
              "type": "string"
            }
          },
          {
            "description": "RFC 9110 §13.1.5: the Range applies only if this is the file's strong ETag. A weak tag, *, an unquoted value or a date never matches: the Range is then ignored and the whole file is sent with 200 (never 416).",
            "in": "header",
            "name": "If-Range",
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "content": {
              "application/octet-stream": {
                "schema": {
                  "format": "binary",
                  "type": "string"
                }
              }
            },
            "description": "The whole file.",
            "headers": {
              "Content-Length": {
                "schema": {
                  "type": "integer"
                }
              },
              "ETag": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "206": {
            "content": {
              "application/octet-stream": {
                "schema": {
                  "format": "binary",
                  "type": "string"
                }
              }
            },
            "description": "The requested range.",
            "headers": {
              "Content-Length": {
                "schema": {
                  "type": "integer"
                }
              },
              "Content-Range": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "304": {
            "description": "Not modified."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Expired (URL_EXPIRED) or forged (INVALID_SIGNATURE) URL."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such file (FILE_NOT_FOUND)."
          },
          "416": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "An applicable range starting at or past the end of the file, or bytes=-0 (RANGE_NOT_SATISFIABLE); Content-Range: bytes */size."
          }
        },
        "security": [],
        "summary": "A model file's bytes, for a signed, unexpired downloadUri. Supports a single Range (resume) and If-None-Match.",
        "tags": [
          "client"
        ]
      },
      "head": {
        "operationId": "headFile",
        "parameters": [
          {
            "in": "header",
            "name": "If-None-Match",
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The whole file's headers.",
            "headers": {
              "Content-Length": {
                "schema": {
                  "type": "integer"
                }
              },
              "ETag": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "304": {
            "description": "Not modified."
          },
          "403": {
            "description": "Expired (URL_EXPIRED) or forged (INVALID_SIGNATURE) URL."
          },
          "404": {
            "description": "No such file (FILE_NOT_FOUND)."
          }
        },
        "security": [],
        "summary": "The headers getFile would send (Content-Length of the whole file, ETag), without the bytes. Range does not apply to HEAD. The URL is checked exactly as for GET.",
        "tags": [
          "client"
        ]
      },
      "parameters": [
        {
          "in": "path",
          "name": "hash",
          "required": true,
          "schema": {
            "pattern": "^[0-9a-f]{64}$",
            "type": "string"
          }
        },
        {
          "in": "query",
          "name": "expires",
          "required": true,
          "schema": {
            "type": "integer"
          }
        },
        {
          "in": "query",
          "name": "signature",
          "required": true,
          "schema": {
            "type": "string"
          }
        }
      ]
    },
    "/v1/keys": {
      "get": {
        "operationId": "listKeys",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/APIKeyList"
                }
              }
            },
            "description": "Every key, oldest first: id, scope, times. Never a secret or its hash."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key is not an admin key (PERMISSION_DENIED)."
          }
        },
        "summary": "List the API keys.",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/keys/{id}:revoke": {
      "parameters": [
        {
          "in": "path",
          "name": "id",
          "required": true,
          "schema": {
            "type": "string"
          }
        }
      ],
      "post": {
        "operationId": "revokeKey",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/APIKey"
                }
              }
            },
            "description": "The revoked key (revoking again keeps the first revokeTime)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key is not an admin key (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No key with this id (KEY_NOT_FOUND)."
          }
        },
        "summary": "Revoke an API key: every request with it is refused from the next one on, on every hub sharing the database.",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/models": {
      "get": {
        "operationId": "listModels",
        "parameters": [
          {
            "in": "query",
            "name": "tag",
            "schema": {
              "type": "string"
            }
          },
          {
            "in": "query",
            "name": "pageSize",
            "schema": {
              "default": 50,
              "maximum": 100,
              "minimum": 1,
              "type": "integer"
            }
          },
          {
            "in": "query",
            "name": "pageToken",
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ModelPage"
                }
              }
            },
            "description": "A page of models."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "List models by name, optionally by tag, a page at a time.",
        "tags": [
          "admin"
        ]
      },
      "post": {
        "operationId": "createModel",
        "requestBody": {
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CreateModelRequest"
              }
            }
          },
          "required": true
        },
        "responses": {
          "201": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Model"
                }
              }
            },
            "description": "Created.",
            "headers": {
              "ETag": {
                "description": "The model's etag.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "409": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "A model with this name exists (ALREADY_EXISTS)."
          },
          "413": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Body over 64 KiB (PAYLOAD_TOO_LARGE)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Create a model.",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/models/{name}": {
      "delete": {
        "operationId": "deleteModel",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            },
            "description": "Deleted."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Delete a model, its versions and their files.",
        "tags": [
          "admin"
        ]
      },
      "get": {
        "operationId": "getModel",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Model"
                }
              }
            },
            "description": "The model.",
            "headers": {
              "ETag": {
                "description": "The model's etag.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Read a model.",
        "tags": [
          "admin"
        ]
      },
      "parameters": [
        {
          "in": "path",
          "name": "name",
          "required": true,
          "schema": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          }
        }
      ],
      "patch": {
        "operationId": "updateModel",
        "parameters": [
          {
            "description": "Only update if the etag still matches.",
            "in": "header",
            "name": "If-Match",
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/UpdateModelRequest"
              }
            }
          },
          "required": true
        },
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Model"
                }
              }
            },
            "description": "The updated model.",
            "headers": {
              "ETag": {
                "description": "The model's etag.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          },
          "412": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The etag changed (ETAG_MISMATCH)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Replace a model's display name and/or tags.",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/models/{name}/rollout": {
      "delete": {
        "operationId": "deleteRollout",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Rollout"
                }
              }
            },
            "description": "The empty rollout."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Remove the rollout: serve the latest published version.",
        "tags": [
          "admin"
        ]
      },
      "get": {
        "operationId": "getRollout",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Rollout"
                }
              }
            },
            "description": "The rollout."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "The model's rollout (empty lists when none).",
        "tags": [
          "admin"
        ]
      },
      "parameters": [
        {
          "in": "path",
          "name": "name",
          "required": true,
          "schema": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          }
        }
      ],
      "put": {
        "operationId": "setRollout",
        "requestBody": {
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/Rollout"
              }
            }
          },
          "required": true
        },
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Rollout"
                }
              }
            },
            "description": "The rollout."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          },
          "409": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "A version in it is not published (FAILED_PRECONDITION)."
          },
          "413": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Body over 8 MiB (PAYLOAD_TOO_LARGE)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Set weighted variants and targeting rules over published versions.",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/models/{name}/versions": {
      "get": {
        "operationId": "listVersions",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/VersionList"
                }
              }
            },
            "description": "The versions."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "A model's versions, newest first.",
        "tags": [
          "admin"
        ]
      },
      "parameters": [
        {
          "in": "path",
          "name": "name",
          "required": true,
          "schema": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          }
        }
      ],
      "post": {
        "operationId": "uploadVersion",
        "parameters": [
          {
            "in": "query",
            "name": "publish",
            "schema": {
              "default": false,
              "type": "boolean"
            }
          }
        ],
        "requestBody": {
          "content": {
            "application/octet-stream": {
              "schema": {
                "format": "binary",
                "type": "string"
              }
            }
          },
          "required": true
        },
        "responses": {
          "201": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ModelVersion"
                }
              }
            },
            "description": "The new version."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          },
          "413": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Larger than the hub's upload limit (PAYLOAD_TOO_LARGE)."
          },
          "422": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Not a valid TensorFlow Lite model (INVALID_MODEL) or the load check failed, crashed or timed out (MODEL_REJECTED)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Upload a .tflite file as the next version. It is verified (pure-Swift flatbuffer verifier, then a full load in a child process with a time limit); a rejected upload stores nothing.",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/models/{name}/versions/{version}": {
      "get": {
        "operationId": "getVersion",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ModelVersion"
                }
              }
            },
            "description": "The version."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Read a version.",
        "tags": [
          "admin"
        ]
      },
      "parameters": [
        {
          "in": "path",
          "name": "name",
          "required": true,
          "schema": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          }
        },
        {
          "in": "path",
          "name": "version",
          "required": true,
          "schema": {
            "minimum": 1,
            "type": "integer"
          }
        }
      ]
    },
    "/v1/models/{name}/versions/{version}:publish": {
      "parameters": [
        {
          "in": "path",
          "name": "name",
          "required": true,
          "schema": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          }
        },
        {
          "in": "path",
          "name": "version",
          "required": true,
          "schema": {
            "minimum": 1,
            "type": "integer"
          }
        }
      ],
      "post": {
        "operationId": "publishVersion",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ModelVersion"
                }
              }
            },
            "description": "The version."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Make a version downloadable.",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/models/{name}/versions/{version}:unpublish": {
      "parameters": [
        {
          "in": "path",
          "name": "name",
          "required": true,
          "schema": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          }
        },
        {
          "in": "path",
          "name": "version",
          "required": true,
          "schema": {
            "minimum": 1,
            "type": "integer"
          }
        }
      ],
      "post": {
        "operationId": "unpublishVersion",
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ModelVersion"
                }
              }
            },
            "description": "The version."
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), version (VERSION_NOT_FOUND) or route (ROUTE_NOT_FOUND)."
          },
          "409": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The rollout serves it (FAILED_PRECONDITION)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "Stop serving a version (not while the rollout uses it).",
        "tags": [
          "admin"
        ]
      }
    },
    "/v1/models/{name}:download": {
      "get": {
        "operationId": "downloadModel",
        "parameters": [
          {
            "description": "Sticky rollout assignment is by this id.",
            "in": "header",
            "name": "X-Installation-Id",
            "schema": {
              "maxLength": 200,
              "type": "string"
            }
          },
          {
            "in": "header",
            "name": "X-Platform",
            "schema": {
              "maxLength": 200,
              "type": "string"
            }
          },
          {
            "in": "header",
            "name": "X-App-Version",
            "schema": {
              "maxLength": 200,
              "type": "string"
            }
          },
          {
            "description": "The model hash the client has.",
            "in": "header",
            "name": "If-None-Match",
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/DownloadInfo"
                }
              }
            },
            "description": "Where to download the assigned version.",
            "headers": {
              "ETag": {
                "description": "The quoted model hash.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "304": {
            "description": "The client has the assigned version already.",
            "headers": {
              "ETag": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "Bad input (INVALID_NAME, INVALID_ARGUMENT, INVALID_JSON, EMPTY_BODY)."
          },
          "401": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No, unknown or revoked API key (UNAUTHENTICATED)."
          },
          "403": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "The key's scope does not allow this (PERMISSION_DENIED)."
          },
          "404": {
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            },
            "description": "No such model (MODEL_NOT_FOUND), nothing published (NO_PUBLISHED_VERSION) or no such route (ROUTE_NOT_FOUND)."
          }
        },
        "security": [
          {
            "bearer": []
          }
        ],
        "summary": "The version this installation should use, as a signed, expiring download URL (Firebase ML's models.download).",
        "tags": [
          "client"
        ]
      },
      "parameters": [
        {
          "in": "path",
          "name": "name",
          "required": true,
          "schema": {
            "pattern": "^[A-Za-z0-9_-]{1,60}$",
            "type": "string"
          }
        }
      ]
    }
  },
  "security": [
    {
      "bearer": []
    }
  ],
  "servers": [
    {
      "url": "http://127.0.0.1:8080"
    }
  ],
  "tags": [
    {
      "description": "Needs an admin key.",
      "name": "admin"
    },
    {
      "description": "Client keys (read-only) or signed URLs.",
      "name": "client"
    }
  ]
}
"""##
}
