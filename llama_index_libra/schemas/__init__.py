"""The JSON-Schema floor every higher layer stands on: catalogs, contracts and induction alike.

* :mod:`.normalize`: function-doc schemas (BFCL/OpenAI style) -> JSON Schema draft 2020-12, with
  constraints stated in prose lifted into keywords, and annotation stripping;
* :mod:`.validate`: validators that never fetch a reference and never backtrack without limit,
  the metaschema check, and static checks of a schema's references and patterns;
* :mod:`.patterns`: bounded regular expressions (time-limited matching, hazard check, sampler);
* :mod:`.openapi`: an OpenAPI 3 / Swagger 2 document -> one function doc per operation.

Nothing here imports another module of the package, so importing a catalog loads only this floor.
"""
