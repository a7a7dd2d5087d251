"""The ruleset schema's validator, as fastjsonschema generates it from `schemas/ruleset.schema.json`,
shipped so that a first load need not generate and compile it (`schema.fast_validator`). It
is used only for the schema (by its digest) and the fastjsonschema version it was made by."""
# Generated from the schema by tests/test_generated_modules.py --write: do not edit.
# mypy: ignore-errors
SCHEMA_DIGEST = '2f9be29dec4cef61dd9e9ead89d43d5d1c476c60a79796cafa179da8c9b993ee'
GENERATOR_VERSION = '2.22.3'

VERSION = "2.22.3"
from decimal import Decimal
import re
from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException


REGEX_PATTERNS = {
    '^[A-Za-z_][A-Za-z0-9_]*$': re.compile('^[A-Za-z_][A-Za-z0-9_]*\\Z')
}

NoneType = type(None)

def validate_https___cardrules_dev_schemas_ruleset_schema_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data_keys = set(data.keys())
        if "version" in data_keys:
            data_keys.remove("version")
            data__version = data["version"]
            if not isinstance(data__version, (int)) and not (isinstance(data__version, float) and data__version.is_integer()) or isinstance(data__version, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".version must be integer")
            if not (isinstance(data__version, (int, float)) and not isinstance(data__version, bool) and data__version == 1):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".version must be one of [1]")
        if "name" in data_keys:
            data_keys.remove("name")
            data__name = data["name"]
            if not isinstance(data__name, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".name must be string")
        if "description" in data_keys:
            data_keys.remove("description")
            data__description = data["description"]
            if not isinstance(data__description, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".description must be string")
        if "extends" in data_keys:
            data_keys.remove("extends")
            data__extends = data["extends"]
            if not isinstance(data__extends, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".extends must be string")
        if "include" in data_keys:
            data_keys.remove("include")
            data__include = data["include"]
            if not isinstance(data__include, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".include must be array")
            data__include_is_list = isinstance(data__include, (list, tuple))
            if data__include_is_list:
                data__include_len = len(data__include)
                for data__include_x, data__include_item in enumerate(data__include):
                    if not isinstance(data__include_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".include[{data__include_x}]".format(**locals()) + " must be string")
        if "set" in data_keys:
            data_keys.remove("set")
            data__set = data["set"]
            if not isinstance(data__set, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".set must be object")
            data__set_is_dict = isinstance(data__set, dict)
            if data__set_is_dict:
                data__set_keys = set(data__set.keys())
                for data__set_key in data__set_keys:
                    if data__set_key not in []:
                        data__set_value = data__set.get(data__set_key)
                        if not isinstance(data__set_value, (int, bool, str)) and not (isinstance(data__set_value, float) and data__set_value.is_integer()):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".set.{data__set_key}".format(**locals()) + " must be integer or boolean or string")
        if "remove" in data_keys:
            data_keys.remove("remove")
            data__remove = data["remove"]
            if not isinstance(data__remove, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove must be object")
            data__remove_is_dict = isinstance(data__remove, dict)
            if data__remove_is_dict:
                data__remove_keys = set(data__remove.keys())
                if "options" in data__remove_keys:
                    data__remove_keys.remove("options")
                    data__remove__options = data__remove["options"]
                    if not isinstance(data__remove__options, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.options must be array")
                    data__remove__options_is_list = isinstance(data__remove__options, (list, tuple))
                    if data__remove__options_is_list:
                        data__remove__options_len = len(data__remove__options)
                        for data__remove__options_x, data__remove__options_item in enumerate(data__remove__options):
                            if not isinstance(data__remove__options_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.options[{data__remove__options_x}]".format(**locals()) + " must be string")
                if "zones" in data__remove_keys:
                    data__remove_keys.remove("zones")
                    data__remove__zones = data__remove["zones"]
                    if not isinstance(data__remove__zones, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.zones must be array")
                    data__remove__zones_is_list = isinstance(data__remove__zones, (list, tuple))
                    if data__remove__zones_is_list:
                        data__remove__zones_len = len(data__remove__zones)
                        for data__remove__zones_x, data__remove__zones_item in enumerate(data__remove__zones):
                            if not isinstance(data__remove__zones_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.zones[{data__remove__zones_x}]".format(**locals()) + " must be string")
                if "functions" in data__remove_keys:
                    data__remove_keys.remove("functions")
                    data__remove__functions = data__remove["functions"]
                    if not isinstance(data__remove__functions, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.functions must be array")
                    data__remove__functions_is_list = isinstance(data__remove__functions, (list, tuple))
                    if data__remove__functions_is_list:
                        data__remove__functions_len = len(data__remove__functions)
                        for data__remove__functions_x, data__remove__functions_item in enumerate(data__remove__functions):
                            if not isinstance(data__remove__functions_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.functions[{data__remove__functions_x}]".format(**locals()) + " must be string")
                if "procedures" in data__remove_keys:
                    data__remove_keys.remove("procedures")
                    data__remove__procedures = data__remove["procedures"]
                    if not isinstance(data__remove__procedures, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.procedures must be array")
                    data__remove__procedures_is_list = isinstance(data__remove__procedures, (list, tuple))
                    if data__remove__procedures_is_list:
                        data__remove__procedures_len = len(data__remove__procedures)
                        for data__remove__procedures_x, data__remove__procedures_item in enumerate(data__remove__procedures):
                            if not isinstance(data__remove__procedures_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.procedures[{data__remove__procedures_x}]".format(**locals()) + " must be string")
                if "triggers" in data__remove_keys:
                    data__remove_keys.remove("triggers")
                    data__remove__triggers = data__remove["triggers"]
                    if not isinstance(data__remove__triggers, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.triggers must be array")
                    data__remove__triggers_is_list = isinstance(data__remove__triggers, (list, tuple))
                    if data__remove__triggers_is_list:
                        data__remove__triggers_len = len(data__remove__triggers)
                        for data__remove__triggers_x, data__remove__triggers_item in enumerate(data__remove__triggers):
                            if not isinstance(data__remove__triggers_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.triggers[{data__remove__triggers_x}]".format(**locals()) + " must be string")
                if "vars.game" in data__remove_keys:
                    data__remove_keys.remove("vars.game")
                    data__remove__varsgame = data__remove["vars.game"]
                    if not isinstance(data__remove__varsgame, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.game must be array")
                    data__remove__varsgame_is_list = isinstance(data__remove__varsgame, (list, tuple))
                    if data__remove__varsgame_is_list:
                        data__remove__varsgame_len = len(data__remove__varsgame)
                        for data__remove__varsgame_x, data__remove__varsgame_item in enumerate(data__remove__varsgame):
                            if not isinstance(data__remove__varsgame_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.game[{data__remove__varsgame_x}]".format(**locals()) + " must be string")
                if "vars.player" in data__remove_keys:
                    data__remove_keys.remove("vars.player")
                    data__remove__varsplayer = data__remove["vars.player"]
                    if not isinstance(data__remove__varsplayer, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.player must be array")
                    data__remove__varsplayer_is_list = isinstance(data__remove__varsplayer, (list, tuple))
                    if data__remove__varsplayer_is_list:
                        data__remove__varsplayer_len = len(data__remove__varsplayer)
                        for data__remove__varsplayer_x, data__remove__varsplayer_item in enumerate(data__remove__varsplayer):
                            if not isinstance(data__remove__varsplayer_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.player[{data__remove__varsplayer_x}]".format(**locals()) + " must be string")
                if "vars.team" in data__remove_keys:
                    data__remove_keys.remove("vars.team")
                    data__remove__varsteam = data__remove["vars.team"]
                    if not isinstance(data__remove__varsteam, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.team must be array")
                    data__remove__varsteam_is_list = isinstance(data__remove__varsteam, (list, tuple))
                    if data__remove__varsteam_is_list:
                        data__remove__varsteam_len = len(data__remove__varsteam)
                        for data__remove__varsteam_x, data__remove__varsteam_item in enumerate(data__remove__varsteam):
                            if not isinstance(data__remove__varsteam_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.team[{data__remove__varsteam_x}]".format(**locals()) + " must be string")
                if "vars.card" in data__remove_keys:
                    data__remove_keys.remove("vars.card")
                    data__remove__varscard = data__remove["vars.card"]
                    if not isinstance(data__remove__varscard, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.card must be array")
                    data__remove__varscard_is_list = isinstance(data__remove__varscard, (list, tuple))
                    if data__remove__varscard_is_list:
                        data__remove__varscard_len = len(data__remove__varscard)
                        for data__remove__varscard_x, data__remove__varscard_item in enumerate(data__remove__varscard):
                            if not isinstance(data__remove__varscard_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.vars.card[{data__remove__varscard_x}]".format(**locals()) + " must be string")
                if "abilities" in data__remove_keys:
                    data__remove_keys.remove("abilities")
                    data__remove__abilities = data__remove["abilities"]
                    if not isinstance(data__remove__abilities, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.abilities must be array")
                    data__remove__abilities_is_list = isinstance(data__remove__abilities, (list, tuple))
                    if data__remove__abilities_is_list:
                        data__remove__abilities_len = len(data__remove__abilities)
                        for data__remove__abilities_x, data__remove__abilities_item in enumerate(data__remove__abilities):
                            if not isinstance(data__remove__abilities_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove.abilities[{data__remove__abilities_x}]".format(**locals()) + " must be string")
                if data__remove_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".remove must not contain "+str(data__remove_keys)+" properties")
        if "players" in data_keys:
            data_keys.remove("players")
            data__players = data["players"]
            if not isinstance(data__players, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".players must be object")
            data__players_is_dict = isinstance(data__players, dict)
            if data__players_is_dict:
                data__players__missing_keys = set(['min']) - data__players.keys()
                if data__players__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".players must contain ")
                data__players_keys = set(data__players.keys())
                if "min" in data__players_keys:
                    data__players_keys.remove("min")
                    data__players__min = data__players["min"]
                    if not isinstance(data__players__min, (int)) and not (isinstance(data__players__min, float) and data__players__min.is_integer()) or isinstance(data__players__min, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".players.min must be integer")
                    if isinstance(data__players__min, (int, float, Decimal)) and not isinstance(data__players__min, bool):
                        if data__players__min < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".players.min must be bigger than or equal to 1")
                        if data__players__min > 64:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".players.min must be smaller than or equal to 64")
                if "max" in data__players_keys:
                    data__players_keys.remove("max")
                    data__players__max = data__players["max"]
                    if not isinstance(data__players__max, (int)) and not (isinstance(data__players__max, float) and data__players__max.is_integer()) or isinstance(data__players__max, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".players.max must be integer")
                    if isinstance(data__players__max, (int, float, Decimal)) and not isinstance(data__players__max, bool):
                        if data__players__max < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".players.max must be bigger than or equal to 1")
                        if data__players__max > 64:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".players.max must be smaller than or equal to 64")
                if data__players_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".players must not contain "+str(data__players_keys)+" properties")
        if "options" in data_keys:
            data_keys.remove("options")
            data__options = data["options"]
            if not isinstance(data__options, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".options must be object")
            data__options_is_dict = isinstance(data__options, dict)
            if data__options_is_dict:
                data__options_keys = set(data__options.keys())
                for data__options_key in data__options_keys:
                    if data__options_key not in []:
                        data__options_value = data__options.get(data__options_key)
                        if not isinstance(data__options_value, (dict)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}".format(**locals()) + " must be object")
                        data__options_value_is_dict = isinstance(data__options_value, dict)
                        if data__options_value_is_dict:
                            data__options_value__missing_keys = set(['default']) - data__options_value.keys()
                            if data__options_value__missing_keys:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}".format(**locals()) + " must contain ")
                            data__options_value_keys = set(data__options_value.keys())
                            if "type" in data__options_value_keys:
                                data__options_value_keys.remove("type")
                                data__options_value__type = data__options_value["type"]
                                if not isinstance(data__options_value__type, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.type".format(**locals()) + " must be string")
                                if not (isinstance(data__options_value__type, str) and data__options_value__type == 'int' or isinstance(data__options_value__type, str) and data__options_value__type == 'bool' or isinstance(data__options_value__type, str) and data__options_value__type == 'str'):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.type".format(**locals()) + " must be one of ['int', 'bool', 'str']")
                            if "default" in data__options_value_keys:
                                data__options_value_keys.remove("default")
                                data__options_value__default = data__options_value["default"]
                                if not isinstance(data__options_value__default, (int, bool, str)) and not (isinstance(data__options_value__default, float) and data__options_value__default.is_integer()):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.default".format(**locals()) + " must be integer or boolean or string")
                            if "values" in data__options_value_keys:
                                data__options_value_keys.remove("values")
                                data__options_value__values = data__options_value["values"]
                                if not isinstance(data__options_value__values, (list, tuple)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.values".format(**locals()) + " must be array")
                                data__options_value__values_is_list = isinstance(data__options_value__values, (list, tuple))
                                if data__options_value__values_is_list:
                                    data__options_value__values_len = len(data__options_value__values)
                                    for data__options_value__values_x, data__options_value__values_item in enumerate(data__options_value__values):
                                        if not isinstance(data__options_value__values_item, (str, int)) and not (isinstance(data__options_value__values_item, float) and data__options_value__values_item.is_integer()) or isinstance(data__options_value__values_item, bool):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.values[{data__options_value__values_x}]".format(**locals()) + " must be string or integer")
                            if "min" in data__options_value_keys:
                                data__options_value_keys.remove("min")
                                data__options_value__min = data__options_value["min"]
                                if not isinstance(data__options_value__min, (int)) and not (isinstance(data__options_value__min, float) and data__options_value__min.is_integer()) or isinstance(data__options_value__min, bool):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.min".format(**locals()) + " must be integer")
                            if "max" in data__options_value_keys:
                                data__options_value_keys.remove("max")
                                data__options_value__max = data__options_value["max"]
                                if not isinstance(data__options_value__max, (int)) and not (isinstance(data__options_value__max, float) and data__options_value__max.is_integer()) or isinstance(data__options_value__max, bool):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.max".format(**locals()) + " must be integer")
                            if "description" in data__options_value_keys:
                                data__options_value_keys.remove("description")
                                data__options_value__description = data__options_value["description"]
                                if not isinstance(data__options_value__description, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}.description".format(**locals()) + " must be string")
                            if data__options_value_keys:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".options.{data__options_key}".format(**locals()) + " must not contain "+str(data__options_value_keys)+" properties")
                data__options_len = len(data__options)
                if data__options_len != 0:
                    data__options_property_names = True
                    for data__options_key in data__options:
                        try:
                            if isinstance(data__options_key, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__options_key):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".options must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        except (JsonSchemaValueException, JsonSchemaValuesException):
                            data__options_property_names = False
                    if not data__options_property_names:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".options must be named by propertyName definition")
        if "constraints" in data_keys:
            data_keys.remove("constraints")
            data__constraints = data["constraints"]
            if not isinstance(data__constraints, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".constraints must be array")
            data__constraints_is_list = isinstance(data__constraints, (list, tuple))
            if data__constraints_is_list:
                data__constraints_len = len(data__constraints)
                for data__constraints_x, data__constraints_item in enumerate(data__constraints):
                    if not isinstance(data__constraints_item, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".constraints[{data__constraints_x}]".format(**locals()) + " must be object")
                    data__constraints_item_is_dict = isinstance(data__constraints_item, dict)
                    if data__constraints_item_is_dict:
                        data__constraints_item__missing_keys = set(['check', 'message']) - data__constraints_item.keys()
                        if data__constraints_item__missing_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".constraints[{data__constraints_x}]".format(**locals()) + " must contain ")
                        data__constraints_item_keys = set(data__constraints_item.keys())
                        if "check" in data__constraints_item_keys:
                            data__constraints_item_keys.remove("check")
                            data__constraints_item__check = data__constraints_item["check"]
                            if not isinstance(data__constraints_item__check, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".constraints[{data__constraints_x}].check".format(**locals()) + " must be string")
                        if "message" in data__constraints_item_keys:
                            data__constraints_item_keys.remove("message")
                            data__constraints_item__message = data__constraints_item["message"]
                            if not isinstance(data__constraints_item__message, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".constraints[{data__constraints_x}].message".format(**locals()) + " must be string")
                        if data__constraints_item_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".constraints[{data__constraints_x}]".format(**locals()) + " must not contain "+str(data__constraints_item_keys)+" properties")
        if "deck" in data_keys:
            data_keys.remove("deck")
            data__deck = data["deck"]
            if not isinstance(data__deck, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck must be object")
            data__deck_is_dict = isinstance(data__deck, dict)
            if data__deck_is_dict:
                data__deck_keys = set(data__deck.keys())
                if "standard" in data__deck_keys:
                    data__deck_keys.remove("standard")
                    data__deck__standard = data__deck["standard"]
                    if not isinstance(data__deck__standard, (bool)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.standard must be boolean")
                if "attributes" in data__deck_keys:
                    data__deck_keys.remove("attributes")
                    data__deck__attributes = data__deck["attributes"]
                    if not isinstance(data__deck__attributes, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.attributes must be object")
                    data__deck__attributes_is_dict = isinstance(data__deck__attributes, dict)
                    if data__deck__attributes_is_dict:
                        data__deck__attributes_keys = set(data__deck__attributes.keys())
                        for data__deck__attributes_key in data__deck__attributes_keys:
                            if data__deck__attributes_key not in []:
                                data__deck__attributes_value = data__deck__attributes.get(data__deck__attributes_key)
                                if not isinstance(data__deck__attributes_value, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.attributes.{data__deck__attributes_key}".format(**locals()) + " must be string")
                                if not (isinstance(data__deck__attributes_value, str) and data__deck__attributes_value == 'int' or isinstance(data__deck__attributes_value, str) and data__deck__attributes_value == 'str' or isinstance(data__deck__attributes_value, str) and data__deck__attributes_value == 'bool'):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.attributes.{data__deck__attributes_key}".format(**locals()) + " must be one of ['int', 'str', 'bool']")
                if "cards" in data__deck_keys:
                    data__deck_keys.remove("cards")
                    data__deck__cards = data__deck["cards"]
                    if not isinstance(data__deck__cards, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.cards must be array")
                    data__deck__cards_is_list = isinstance(data__deck__cards, (list, tuple))
                    if data__deck__cards_is_list:
                        data__deck__cards_len = len(data__deck__cards)
                        for data__deck__cards_x, data__deck__cards_item in enumerate(data__deck__cards):
                            if not isinstance(data__deck__cards_item, (dict)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.cards[{data__deck__cards_x}]".format(**locals()) + " must be object")
                            data__deck__cards_item_is_dict = isinstance(data__deck__cards_item, dict)
                            if data__deck__cards_item_is_dict:
                                data__deck__cards_item_keys = set(data__deck__cards_item.keys())
                                if "id" in data__deck__cards_item_keys:
                                    data__deck__cards_item_keys.remove("id")
                                    data__deck__cards_item__id = data__deck__cards_item["id"]
                                    if not isinstance(data__deck__cards_item__id, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.cards[{data__deck__cards_x}].id".format(**locals()) + " must be string")
                                if "label" in data__deck__cards_item_keys:
                                    data__deck__cards_item_keys.remove("label")
                                    data__deck__cards_item__label = data__deck__cards_item["label"]
                                    if not isinstance(data__deck__cards_item__label, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.cards[{data__deck__cards_x}].label".format(**locals()) + " must be string")
                                if "count" in data__deck__cards_item_keys:
                                    data__deck__cards_item_keys.remove("count")
                                    data__deck__cards_item__count = data__deck__cards_item["count"]
                                    if not isinstance(data__deck__cards_item__count, (int)) and not (isinstance(data__deck__cards_item__count, float) and data__deck__cards_item__count.is_integer()) or isinstance(data__deck__cards_item__count, bool):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.cards[{data__deck__cards_x}].count".format(**locals()) + " must be integer")
                                    if isinstance(data__deck__cards_item__count, (int, float, Decimal)) and not isinstance(data__deck__cards_item__count, bool):
                                        if data__deck__cards_item__count < 1:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.cards[{data__deck__cards_x}].count".format(**locals()) + " must be bigger than or equal to 1")
                                for data__deck__cards_item_key in data__deck__cards_item_keys:
                                    if data__deck__cards_item_key not in ['id', 'label', 'count']:
                                        data__deck__cards_item_value = data__deck__cards_item.get(data__deck__cards_item_key)
                                        if not isinstance(data__deck__cards_item_value, (str, int, bool)) and not (isinstance(data__deck__cards_item_value, float) and data__deck__cards_item_value.is_integer()):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.cards[{data__deck__cards_x}].{data__deck__cards_item_key}".format(**locals()) + " must be string or integer or boolean")
                if "id" in data__deck_keys:
                    data__deck_keys.remove("id")
                    data__deck__id = data__deck["id"]
                    if not isinstance(data__deck__id, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.id must be string")
                if "label" in data__deck_keys:
                    data__deck_keys.remove("label")
                    data__deck__label = data__deck["label"]
                    if not isinstance(data__deck__label, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.label must be string")
                if "remove" in data__deck_keys:
                    data__deck_keys.remove("remove")
                    data__deck__remove = data__deck["remove"]
                    if not isinstance(data__deck__remove, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.remove must be array")
                    data__deck__remove_is_list = isinstance(data__deck__remove, (list, tuple))
                    if data__deck__remove_is_list:
                        data__deck__remove_len = len(data__deck__remove)
                        for data__deck__remove_x, data__deck__remove_item in enumerate(data__deck__remove):
                            if not isinstance(data__deck__remove_item, (dict)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.remove[{data__deck__remove_x}]".format(**locals()) + " must be object")
                            data__deck__remove_item_is_dict = isinstance(data__deck__remove_item, dict)
                            if data__deck__remove_item_is_dict:
                                data__deck__remove_item__missing_keys = set(['cards']) - data__deck__remove_item.keys()
                                if data__deck__remove_item__missing_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.remove[{data__deck__remove_x}]".format(**locals()) + " must contain ")
                                data__deck__remove_item_keys = set(data__deck__remove_item.keys())
                                if "when" in data__deck__remove_item_keys:
                                    data__deck__remove_item_keys.remove("when")
                                    data__deck__remove_item__when = data__deck__remove_item["when"]
                                    if not isinstance(data__deck__remove_item__when, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.remove[{data__deck__remove_x}].when".format(**locals()) + " must be string")
                                if "cards" in data__deck__remove_item_keys:
                                    data__deck__remove_item_keys.remove("cards")
                                    data__deck__remove_item__cards = data__deck__remove_item["cards"]
                                    if not isinstance(data__deck__remove_item__cards, (list, tuple)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.remove[{data__deck__remove_x}].cards".format(**locals()) + " must be array")
                                    data__deck__remove_item__cards_is_list = isinstance(data__deck__remove_item__cards, (list, tuple))
                                    if data__deck__remove_item__cards_is_list:
                                        data__deck__remove_item__cards_len = len(data__deck__remove_item__cards)
                                        for data__deck__remove_item__cards_x, data__deck__remove_item__cards_item in enumerate(data__deck__remove_item__cards):
                                            if not isinstance(data__deck__remove_item__cards_item, (str)):
                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.remove[{data__deck__remove_x}].cards[{data__deck__remove_item__cards_x}]".format(**locals()) + " must be string")
                                if data__deck__remove_item_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.remove[{data__deck__remove_x}]".format(**locals()) + " must not contain "+str(data__deck__remove_item_keys)+" properties")
                if "ranks" in data__deck_keys:
                    data__deck_keys.remove("ranks")
                    data__deck__ranks = data__deck["ranks"]
                    if not isinstance(data__deck__ranks, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.ranks must be array")
                    data__deck__ranks_is_list = isinstance(data__deck__ranks, (list, tuple))
                    if data__deck__ranks_is_list:
                        data__deck__ranks_len = len(data__deck__ranks)
                        for data__deck__ranks_x, data__deck__ranks_item in enumerate(data__deck__ranks):
                            if not isinstance(data__deck__ranks_item, (int)) and not (isinstance(data__deck__ranks_item, float) and data__deck__ranks_item.is_integer()) or isinstance(data__deck__ranks_item, bool):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.ranks[{data__deck__ranks_x}]".format(**locals()) + " must be integer")
                if "suits" in data__deck_keys:
                    data__deck_keys.remove("suits")
                    data__deck__suits = data__deck["suits"]
                    if not isinstance(data__deck__suits, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.suits must be array")
                    data__deck__suits_is_list = isinstance(data__deck__suits, (list, tuple))
                    if data__deck__suits_is_list:
                        data__deck__suits_len = len(data__deck__suits)
                        for data__deck__suits_x, data__deck__suits_item in enumerate(data__deck__suits):
                            if not isinstance(data__deck__suits_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.suits[{data__deck__suits_x}]".format(**locals()) + " must be string")
                if "copies" in data__deck_keys:
                    data__deck_keys.remove("copies")
                    data__deck__copies = data__deck["copies"]
                    if not isinstance(data__deck__copies, (int)) and not (isinstance(data__deck__copies, float) and data__deck__copies.is_integer()) or isinstance(data__deck__copies, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.copies must be integer")
                    if isinstance(data__deck__copies, (int, float, Decimal)) and not isinstance(data__deck__copies, bool):
                        if data__deck__copies < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.copies must be bigger than or equal to 1")
                if "count" in data__deck_keys:
                    data__deck_keys.remove("count")
                    data__deck__count = data__deck["count"]
                    data__deck__count_one_of_count1 = 0
                    if data__deck__count_one_of_count1 < 2:
                        try:
                            if not isinstance(data__deck__count, (int)) and not (isinstance(data__deck__count, float) and data__deck__count.is_integer()) or isinstance(data__deck__count, bool):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count must be integer")
                            if isinstance(data__deck__count, (int, float, Decimal)) and not isinstance(data__deck__count, bool):
                                if data__deck__count < 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count must be bigger than or equal to 1")
                            data__deck__count_one_of_count1 += 1
                        except (JsonSchemaValueException, JsonSchemaValuesException): pass
                    if data__deck__count_one_of_count1 < 2:
                        try:
                            if not isinstance(data__deck__count, (dict)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count must be object")
                            data__deck__count_is_dict = isinstance(data__deck__count, dict)
                            if data__deck__count_is_dict:
                                data__deck__count__missing_keys = set(['of', 'map']) - data__deck__count.keys()
                                if data__deck__count__missing_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count must contain ")
                                data__deck__count_keys = set(data__deck__count.keys())
                                if "of" in data__deck__count_keys:
                                    data__deck__count_keys.remove("of")
                                    data__deck__count__of = data__deck__count["of"]
                                    if not isinstance(data__deck__count__of, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count.of must be string")
                                if "map" in data__deck__count_keys:
                                    data__deck__count_keys.remove("map")
                                    data__deck__count__map = data__deck__count["map"]
                                    if not isinstance(data__deck__count__map, (dict)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count.map must be object")
                                    data__deck__count__map_is_dict = isinstance(data__deck__count__map, dict)
                                    if data__deck__count__map_is_dict:
                                        data__deck__count__map_keys = set(data__deck__count__map.keys())
                                        for data__deck__count__map_key in data__deck__count__map_keys:
                                            if data__deck__count__map_key not in []:
                                                data__deck__count__map_value = data__deck__count__map.get(data__deck__count__map_key)
                                                if not isinstance(data__deck__count__map_value, (int)) and not (isinstance(data__deck__count__map_value, float) and data__deck__count__map_value.is_integer()) or isinstance(data__deck__count__map_value, bool):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count.map.{data__deck__count__map_key}".format(**locals()) + " must be integer")
                                                if isinstance(data__deck__count__map_value, (int, float, Decimal)) and not isinstance(data__deck__count__map_value, bool):
                                                    if data__deck__count__map_value < 1:
                                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count.map.{data__deck__count__map_key}".format(**locals()) + " must be bigger than or equal to 1")
                                if "default" in data__deck__count_keys:
                                    data__deck__count_keys.remove("default")
                                    data__deck__count__default = data__deck__count["default"]
                                    if not isinstance(data__deck__count__default, (int)) and not (isinstance(data__deck__count__default, float) and data__deck__count__default.is_integer()) or isinstance(data__deck__count__default, bool):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count.default must be integer")
                                    if isinstance(data__deck__count__default, (int, float, Decimal)) and not isinstance(data__deck__count__default, bool):
                                        if data__deck__count__default < 1:
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count.default must be bigger than or equal to 1")
                                if data__deck__count_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count must not contain "+str(data__deck__count_keys)+" properties")
                            data__deck__count_one_of_count1 += 1
                        except (JsonSchemaValueException, JsonSchemaValuesException): pass
                    if data__deck__count_one_of_count1 != 1:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.count must be valid exactly by one definition")
                if "generate" in data__deck_keys:
                    data__deck_keys.remove("generate")
                    data__deck__generate = data__deck["generate"]
                    if not isinstance(data__deck__generate, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.generate must be object")
                    data__deck__generate_is_dict = isinstance(data__deck__generate, dict)
                    if data__deck__generate_is_dict:
                        data__deck__generate_keys = set(data__deck__generate.keys())
                        for data__deck__generate_key in data__deck__generate_keys:
                            if data__deck__generate_key not in []:
                                data__deck__generate_value = data__deck__generate.get(data__deck__generate_key)
                                if not isinstance(data__deck__generate_value, (list, tuple)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.generate.{data__deck__generate_key}".format(**locals()) + " must be array")
                                data__deck__generate_value_is_list = isinstance(data__deck__generate_value, (list, tuple))
                                if data__deck__generate_value_is_list:
                                    data__deck__generate_value_len = len(data__deck__generate_value)
                                    for data__deck__generate_value_x, data__deck__generate_value_item in enumerate(data__deck__generate_value):
                                        if not isinstance(data__deck__generate_value_item, (str, int, bool)) and not (isinstance(data__deck__generate_value_item, float) and data__deck__generate_value_item.is_integer()):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.generate.{data__deck__generate_key}[{data__deck__generate_value_x}]".format(**locals()) + " must be string or integer or boolean")
                if "values" in data__deck_keys:
                    data__deck_keys.remove("values")
                    data__deck__values = data__deck["values"]
                    if not isinstance(data__deck__values, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values must be object")
                    data__deck__values_is_dict = isinstance(data__deck__values, dict)
                    if data__deck__values_is_dict:
                        data__deck__values_keys = set(data__deck__values.keys())
                        for data__deck__values_key in data__deck__values_keys:
                            if data__deck__values_key not in []:
                                data__deck__values_value = data__deck__values.get(data__deck__values_key)
                                if not isinstance(data__deck__values_value, (dict)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}".format(**locals()) + " must be object")
                                data__deck__values_value_is_dict = isinstance(data__deck__values_value, dict)
                                if data__deck__values_value_is_dict:
                                    data__deck__values_value__missing_keys = set(['of']) - data__deck__values_value.keys()
                                    if data__deck__values_value__missing_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}".format(**locals()) + " must contain ")
                                    data__deck__values_value_keys = set(data__deck__values_value.keys())
                                    if "of" in data__deck__values_value_keys:
                                        data__deck__values_value_keys.remove("of")
                                        data__deck__values_value__of = data__deck__values_value["of"]
                                        if not isinstance(data__deck__values_value__of, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}.of".format(**locals()) + " must be string")
                                    if "order" in data__deck__values_value_keys:
                                        data__deck__values_value_keys.remove("order")
                                        data__deck__values_value__order = data__deck__values_value["order"]
                                        if not isinstance(data__deck__values_value__order, (list, tuple)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}.order".format(**locals()) + " must be array")
                                        data__deck__values_value__order_is_list = isinstance(data__deck__values_value__order, (list, tuple))
                                        if data__deck__values_value__order_is_list:
                                            data__deck__values_value__order_len = len(data__deck__values_value__order)
                                            for data__deck__values_value__order_x, data__deck__values_value__order_item in enumerate(data__deck__values_value__order):
                                                if not isinstance(data__deck__values_value__order_item, (str, int, bool)) and not (isinstance(data__deck__values_value__order_item, float) and data__deck__values_value__order_item.is_integer()):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}.order[{data__deck__values_value__order_x}]".format(**locals()) + " must be string or integer or boolean")
                                    if "map" in data__deck__values_value_keys:
                                        data__deck__values_value_keys.remove("map")
                                        data__deck__values_value__map = data__deck__values_value["map"]
                                        if not isinstance(data__deck__values_value__map, (dict)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}.map".format(**locals()) + " must be object")
                                        data__deck__values_value__map_is_dict = isinstance(data__deck__values_value__map, dict)
                                        if data__deck__values_value__map_is_dict:
                                            data__deck__values_value__map_keys = set(data__deck__values_value__map.keys())
                                            for data__deck__values_value__map_key in data__deck__values_value__map_keys:
                                                if data__deck__values_value__map_key not in []:
                                                    data__deck__values_value__map_value = data__deck__values_value__map.get(data__deck__values_value__map_key)
                                                    if not isinstance(data__deck__values_value__map_value, (int)) and not (isinstance(data__deck__values_value__map_value, float) and data__deck__values_value__map_value.is_integer()) or isinstance(data__deck__values_value__map_value, bool):
                                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}.map.{data__deck__values_value__map_key}".format(**locals()) + " must be integer")
                                    if "default" in data__deck__values_value_keys:
                                        data__deck__values_value_keys.remove("default")
                                        data__deck__values_value__default = data__deck__values_value["default"]
                                        if not isinstance(data__deck__values_value__default, (int)) and not (isinstance(data__deck__values_value__default, float) and data__deck__values_value__default.is_integer()) or isinstance(data__deck__values_value__default, bool):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}.default".format(**locals()) + " must be integer")
                                    if data__deck__values_value_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck.values.{data__deck__values_key}".format(**locals()) + " must not contain "+str(data__deck__values_value_keys)+" properties")
                if data__deck_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".deck must not contain "+str(data__deck_keys)+" properties")
        if "teams" in data_keys:
            data_keys.remove("teams")
            data__teams = data["teams"]
            if not isinstance(data__teams, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams must be object")
            data__teams_is_dict = isinstance(data__teams, dict)
            if data__teams_is_dict:
                data__teams_keys = set(data__teams.keys())
                if "when" in data__teams_keys:
                    data__teams_keys.remove("when")
                    data__teams__when = data__teams["when"]
                    if not isinstance(data__teams__when, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams.when must be string")
                if "count" in data__teams_keys:
                    data__teams_keys.remove("count")
                    data__teams__count = data__teams["count"]
                    if not isinstance(data__teams__count, (int)) and not (isinstance(data__teams__count, float) and data__teams__count.is_integer()) or isinstance(data__teams__count, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams.count must be integer")
                    if isinstance(data__teams__count, (int, float, Decimal)) and not isinstance(data__teams__count, bool):
                        if data__teams__count < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams.count must be bigger than or equal to 1")
                if "of" in data__teams_keys:
                    data__teams_keys.remove("of")
                    data__teams__of = data__teams["of"]
                    if not isinstance(data__teams__of, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams.of must be string")
                if "names" in data__teams_keys:
                    data__teams_keys.remove("names")
                    data__teams__names = data__teams["names"]
                    if not isinstance(data__teams__names, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams.names must be array")
                    data__teams__names_is_list = isinstance(data__teams__names, (list, tuple))
                    if data__teams__names_is_list:
                        data__teams__names_len = len(data__teams__names)
                        for data__teams__names_x, data__teams__names_item in enumerate(data__teams__names):
                            if not isinstance(data__teams__names_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams.names[{data__teams__names_x}]".format(**locals()) + " must be string")
                if data__teams_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".teams must not contain "+str(data__teams_keys)+" properties")
        if "zones" in data_keys:
            data_keys.remove("zones")
            data__zones = data["zones"]
            if not isinstance(data__zones, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones must be object")
            data__zones_is_dict = isinstance(data__zones, dict)
            if data__zones_is_dict:
                data__zones_keys = set(data__zones.keys())
                for data__zones_key in data__zones_keys:
                    if data__zones_key not in []:
                        data__zones_value = data__zones.get(data__zones_key)
                        if not isinstance(data__zones_value, (dict)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones.{data__zones_key}".format(**locals()) + " must be object")
                        data__zones_value_is_dict = isinstance(data__zones_value, dict)
                        if data__zones_value_is_dict:
                            data__zones_value_keys = set(data__zones_value.keys())
                            if "owner" in data__zones_value_keys:
                                data__zones_value_keys.remove("owner")
                                data__zones_value__owner = data__zones_value["owner"]
                                if not isinstance(data__zones_value__owner, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones.{data__zones_key}.owner".format(**locals()) + " must be string")
                                if not (isinstance(data__zones_value__owner, str) and data__zones_value__owner == 'game' or isinstance(data__zones_value__owner, str) and data__zones_value__owner == 'player' or isinstance(data__zones_value__owner, str) and data__zones_value__owner == 'team'):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones.{data__zones_key}.owner".format(**locals()) + " must be one of ['game', 'player', 'team']")
                            if "visibility" in data__zones_value_keys:
                                data__zones_value_keys.remove("visibility")
                                data__zones_value__visibility = data__zones_value["visibility"]
                                if not isinstance(data__zones_value__visibility, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones.{data__zones_key}.visibility".format(**locals()) + " must be string")
                                if not (isinstance(data__zones_value__visibility, str) and data__zones_value__visibility == 'public' or isinstance(data__zones_value__visibility, str) and data__zones_value__visibility == 'owner' or isinstance(data__zones_value__visibility, str) and data__zones_value__visibility == 'hidden' or isinstance(data__zones_value__visibility, str) and data__zones_value__visibility == 'others'):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones.{data__zones_key}.visibility".format(**locals()) + " must be one of ['public', 'owner', 'hidden', 'others']")
                            if "description" in data__zones_value_keys:
                                data__zones_value_keys.remove("description")
                                data__zones_value__description = data__zones_value["description"]
                                if not isinstance(data__zones_value__description, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones.{data__zones_key}.description".format(**locals()) + " must be string")
                            if data__zones_value_keys:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones.{data__zones_key}".format(**locals()) + " must not contain "+str(data__zones_value_keys)+" properties")
                data__zones_len = len(data__zones)
                if data__zones_len != 0:
                    data__zones_property_names = True
                    for data__zones_key in data__zones:
                        try:
                            if isinstance(data__zones_key, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__zones_key):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        except (JsonSchemaValueException, JsonSchemaValuesException):
                            data__zones_property_names = False
                    if not data__zones_property_names:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".zones must be named by propertyName definition")
        if "vars" in data_keys:
            data_keys.remove("vars")
            data__vars = data["vars"]
            if not isinstance(data__vars, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars must be object")
            data__vars_is_dict = isinstance(data__vars, dict)
            if data__vars_is_dict:
                data__vars_keys = set(data__vars.keys())
                if "game" in data__vars_keys:
                    data__vars_keys.remove("game")
                    data__vars__game = data__vars["game"]
                    if not isinstance(data__vars__game, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game must be object")
                    data__vars__game_is_dict = isinstance(data__vars__game, dict)
                    if data__vars__game_is_dict:
                        data__vars__game_keys = set(data__vars__game.keys())
                        for data__vars__game_key in data__vars__game_keys:
                            if data__vars__game_key not in []:
                                data__vars__game_value = data__vars__game.get(data__vars__game_key)
                                data__vars__game_value_any_of_count2 = 0
                                if not data__vars__game_value_any_of_count2:
                                    try:
                                        if not isinstance(data__vars__game_value, (int, bool, str)) and not (isinstance(data__vars__game_value, float) and data__vars__game_value.is_integer()):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}".format(**locals()) + " must be integer or boolean or string")
                                        data__vars__game_value_any_of_count2 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__game_value_any_of_count2:
                                    try:
                                        if not isinstance(data__vars__game_value, (dict)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}".format(**locals()) + " must be object")
                                        data__vars__game_value_is_dict = isinstance(data__vars__game_value, dict)
                                        if data__vars__game_value_is_dict:
                                            data__vars__game_value_keys = set(data__vars__game_value.keys())
                                            if "type" in data__vars__game_value_keys:
                                                data__vars__game_value_keys.remove("type")
                                                data__vars__game_value__type = data__vars__game_value["type"]
                                                if not isinstance(data__vars__game_value__type, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.type".format(**locals()) + " must be string")
                                            if "initial" in data__vars__game_value_keys:
                                                data__vars__game_value_keys.remove("initial")
                                                data__vars__game_value__initial = data__vars__game_value["initial"]
                                                if not isinstance(data__vars__game_value__initial, (int, bool, str, list, tuple)) and not (isinstance(data__vars__game_value__initial, float) and data__vars__game_value__initial.is_integer()):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.initial".format(**locals()) + " must be integer or boolean or string or array")
                                            if "description" in data__vars__game_value_keys:
                                                data__vars__game_value_keys.remove("description")
                                                data__vars__game_value__description = data__vars__game_value["description"]
                                                if not isinstance(data__vars__game_value__description, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.description".format(**locals()) + " must be string")
                                            if "display" in data__vars__game_value_keys:
                                                data__vars__game_value_keys.remove("display")
                                                data__vars__game_value__display = data__vars__game_value["display"]
                                                data__vars__game_value__display_one_of_count3 = 0
                                                if data__vars__game_value__display_one_of_count3 < 2:
                                                    try:
                                                        if not isinstance(data__vars__game_value__display, (bool)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display".format(**locals()) + " must be boolean")
                                                        data__vars__game_value__display_one_of_count3 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__game_value__display_one_of_count3 < 2:
                                                    try:
                                                        if not isinstance(data__vars__game_value__display, (dict)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display".format(**locals()) + " must be object")
                                                        data__vars__game_value__display_is_dict = isinstance(data__vars__game_value__display, dict)
                                                        if data__vars__game_value__display_is_dict:
                                                            data__vars__game_value__display_keys = set(data__vars__game_value__display.keys())
                                                            if "label" in data__vars__game_value__display_keys:
                                                                data__vars__game_value__display_keys.remove("label")
                                                                data__vars__game_value__display__label = data__vars__game_value__display["label"]
                                                                if not isinstance(data__vars__game_value__display__label, (str)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display.label".format(**locals()) + " must be string")
                                                            if "phases" in data__vars__game_value__display_keys:
                                                                data__vars__game_value__display_keys.remove("phases")
                                                                data__vars__game_value__display__phases = data__vars__game_value__display["phases"]
                                                                if not isinstance(data__vars__game_value__display__phases, (list, tuple)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display.phases".format(**locals()) + " must be array")
                                                                data__vars__game_value__display__phases_is_list = isinstance(data__vars__game_value__display__phases, (list, tuple))
                                                                if data__vars__game_value__display__phases_is_list:
                                                                    data__vars__game_value__display__phases_len = len(data__vars__game_value__display__phases)
                                                                    for data__vars__game_value__display__phases_x, data__vars__game_value__display__phases_item in enumerate(data__vars__game_value__display__phases):
                                                                        if not isinstance(data__vars__game_value__display__phases_item, (str)):
                                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display.phases[{data__vars__game_value__display__phases_x}]".format(**locals()) + " must be string")
                                                            if "tell" in data__vars__game_value__display_keys:
                                                                data__vars__game_value__display_keys.remove("tell")
                                                                data__vars__game_value__display__tell = data__vars__game_value__display["tell"]
                                                                if not (isinstance(data__vars__game_value__display__tell, str) and data__vars__game_value__display__tell == 'change' or isinstance(data__vars__game_value__display__tell, str) and data__vars__game_value__display__tell == 'phase_end'):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display.tell".format(**locals()) + " must be one of ['change', 'phase_end']")
                                                            if data__vars__game_value__display_keys:
                                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display".format(**locals()) + " must not contain "+str(data__vars__game_value__display_keys)+" properties")
                                                        data__vars__game_value__display_one_of_count3 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__game_value__display_one_of_count3 != 1:
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}.display".format(**locals()) + " must be valid exactly by one definition")
                                            if data__vars__game_value_keys:
                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}".format(**locals()) + " must not contain "+str(data__vars__game_value_keys)+" properties")
                                        data__vars__game_value_any_of_count2 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__game_value_any_of_count2:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game.{data__vars__game_key}".format(**locals()) + " cannot be validated by any definition")
                        data__vars__game_len = len(data__vars__game)
                        if data__vars__game_len != 0:
                            data__vars__game_property_names = True
                            for data__vars__game_key in data__vars__game:
                                try:
                                    if isinstance(data__vars__game_key, str):
                                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__vars__game_key):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                                except (JsonSchemaValueException, JsonSchemaValuesException):
                                    data__vars__game_property_names = False
                            if not data__vars__game_property_names:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.game must be named by propertyName definition")
                if "player" in data__vars_keys:
                    data__vars_keys.remove("player")
                    data__vars__player = data__vars["player"]
                    if not isinstance(data__vars__player, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player must be object")
                    data__vars__player_is_dict = isinstance(data__vars__player, dict)
                    if data__vars__player_is_dict:
                        data__vars__player_keys = set(data__vars__player.keys())
                        for data__vars__player_key in data__vars__player_keys:
                            if data__vars__player_key not in []:
                                data__vars__player_value = data__vars__player.get(data__vars__player_key)
                                data__vars__player_value_any_of_count4 = 0
                                if not data__vars__player_value_any_of_count4:
                                    try:
                                        if not isinstance(data__vars__player_value, (int, bool, str)) and not (isinstance(data__vars__player_value, float) and data__vars__player_value.is_integer()):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}".format(**locals()) + " must be integer or boolean or string")
                                        data__vars__player_value_any_of_count4 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__player_value_any_of_count4:
                                    try:
                                        if not isinstance(data__vars__player_value, (dict)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}".format(**locals()) + " must be object")
                                        data__vars__player_value_is_dict = isinstance(data__vars__player_value, dict)
                                        if data__vars__player_value_is_dict:
                                            data__vars__player_value_keys = set(data__vars__player_value.keys())
                                            if "type" in data__vars__player_value_keys:
                                                data__vars__player_value_keys.remove("type")
                                                data__vars__player_value__type = data__vars__player_value["type"]
                                                if not isinstance(data__vars__player_value__type, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.type".format(**locals()) + " must be string")
                                            if "initial" in data__vars__player_value_keys:
                                                data__vars__player_value_keys.remove("initial")
                                                data__vars__player_value__initial = data__vars__player_value["initial"]
                                                if not isinstance(data__vars__player_value__initial, (int, bool, str, list, tuple)) and not (isinstance(data__vars__player_value__initial, float) and data__vars__player_value__initial.is_integer()):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.initial".format(**locals()) + " must be integer or boolean or string or array")
                                            if "description" in data__vars__player_value_keys:
                                                data__vars__player_value_keys.remove("description")
                                                data__vars__player_value__description = data__vars__player_value["description"]
                                                if not isinstance(data__vars__player_value__description, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.description".format(**locals()) + " must be string")
                                            if "display" in data__vars__player_value_keys:
                                                data__vars__player_value_keys.remove("display")
                                                data__vars__player_value__display = data__vars__player_value["display"]
                                                data__vars__player_value__display_one_of_count5 = 0
                                                if data__vars__player_value__display_one_of_count5 < 2:
                                                    try:
                                                        if not isinstance(data__vars__player_value__display, (bool)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display".format(**locals()) + " must be boolean")
                                                        data__vars__player_value__display_one_of_count5 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__player_value__display_one_of_count5 < 2:
                                                    try:
                                                        if not isinstance(data__vars__player_value__display, (dict)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display".format(**locals()) + " must be object")
                                                        data__vars__player_value__display_is_dict = isinstance(data__vars__player_value__display, dict)
                                                        if data__vars__player_value__display_is_dict:
                                                            data__vars__player_value__display_keys = set(data__vars__player_value__display.keys())
                                                            if "label" in data__vars__player_value__display_keys:
                                                                data__vars__player_value__display_keys.remove("label")
                                                                data__vars__player_value__display__label = data__vars__player_value__display["label"]
                                                                if not isinstance(data__vars__player_value__display__label, (str)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display.label".format(**locals()) + " must be string")
                                                            if "phases" in data__vars__player_value__display_keys:
                                                                data__vars__player_value__display_keys.remove("phases")
                                                                data__vars__player_value__display__phases = data__vars__player_value__display["phases"]
                                                                if not isinstance(data__vars__player_value__display__phases, (list, tuple)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display.phases".format(**locals()) + " must be array")
                                                                data__vars__player_value__display__phases_is_list = isinstance(data__vars__player_value__display__phases, (list, tuple))
                                                                if data__vars__player_value__display__phases_is_list:
                                                                    data__vars__player_value__display__phases_len = len(data__vars__player_value__display__phases)
                                                                    for data__vars__player_value__display__phases_x, data__vars__player_value__display__phases_item in enumerate(data__vars__player_value__display__phases):
                                                                        if not isinstance(data__vars__player_value__display__phases_item, (str)):
                                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display.phases[{data__vars__player_value__display__phases_x}]".format(**locals()) + " must be string")
                                                            if "tell" in data__vars__player_value__display_keys:
                                                                data__vars__player_value__display_keys.remove("tell")
                                                                data__vars__player_value__display__tell = data__vars__player_value__display["tell"]
                                                                if not (isinstance(data__vars__player_value__display__tell, str) and data__vars__player_value__display__tell == 'change' or isinstance(data__vars__player_value__display__tell, str) and data__vars__player_value__display__tell == 'phase_end'):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display.tell".format(**locals()) + " must be one of ['change', 'phase_end']")
                                                            if data__vars__player_value__display_keys:
                                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display".format(**locals()) + " must not contain "+str(data__vars__player_value__display_keys)+" properties")
                                                        data__vars__player_value__display_one_of_count5 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__player_value__display_one_of_count5 != 1:
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}.display".format(**locals()) + " must be valid exactly by one definition")
                                            if data__vars__player_value_keys:
                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}".format(**locals()) + " must not contain "+str(data__vars__player_value_keys)+" properties")
                                        data__vars__player_value_any_of_count4 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__player_value_any_of_count4:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player.{data__vars__player_key}".format(**locals()) + " cannot be validated by any definition")
                        data__vars__player_len = len(data__vars__player)
                        if data__vars__player_len != 0:
                            data__vars__player_property_names = True
                            for data__vars__player_key in data__vars__player:
                                try:
                                    if isinstance(data__vars__player_key, str):
                                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__vars__player_key):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                                except (JsonSchemaValueException, JsonSchemaValuesException):
                                    data__vars__player_property_names = False
                            if not data__vars__player_property_names:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.player must be named by propertyName definition")
                if "team" in data__vars_keys:
                    data__vars_keys.remove("team")
                    data__vars__team = data__vars["team"]
                    if not isinstance(data__vars__team, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team must be object")
                    data__vars__team_is_dict = isinstance(data__vars__team, dict)
                    if data__vars__team_is_dict:
                        data__vars__team_keys = set(data__vars__team.keys())
                        for data__vars__team_key in data__vars__team_keys:
                            if data__vars__team_key not in []:
                                data__vars__team_value = data__vars__team.get(data__vars__team_key)
                                data__vars__team_value_any_of_count6 = 0
                                if not data__vars__team_value_any_of_count6:
                                    try:
                                        if not isinstance(data__vars__team_value, (int, bool, str)) and not (isinstance(data__vars__team_value, float) and data__vars__team_value.is_integer()):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}".format(**locals()) + " must be integer or boolean or string")
                                        data__vars__team_value_any_of_count6 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__team_value_any_of_count6:
                                    try:
                                        if not isinstance(data__vars__team_value, (dict)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}".format(**locals()) + " must be object")
                                        data__vars__team_value_is_dict = isinstance(data__vars__team_value, dict)
                                        if data__vars__team_value_is_dict:
                                            data__vars__team_value_keys = set(data__vars__team_value.keys())
                                            if "type" in data__vars__team_value_keys:
                                                data__vars__team_value_keys.remove("type")
                                                data__vars__team_value__type = data__vars__team_value["type"]
                                                if not isinstance(data__vars__team_value__type, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.type".format(**locals()) + " must be string")
                                            if "initial" in data__vars__team_value_keys:
                                                data__vars__team_value_keys.remove("initial")
                                                data__vars__team_value__initial = data__vars__team_value["initial"]
                                                if not isinstance(data__vars__team_value__initial, (int, bool, str, list, tuple)) and not (isinstance(data__vars__team_value__initial, float) and data__vars__team_value__initial.is_integer()):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.initial".format(**locals()) + " must be integer or boolean or string or array")
                                            if "description" in data__vars__team_value_keys:
                                                data__vars__team_value_keys.remove("description")
                                                data__vars__team_value__description = data__vars__team_value["description"]
                                                if not isinstance(data__vars__team_value__description, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.description".format(**locals()) + " must be string")
                                            if "display" in data__vars__team_value_keys:
                                                data__vars__team_value_keys.remove("display")
                                                data__vars__team_value__display = data__vars__team_value["display"]
                                                data__vars__team_value__display_one_of_count7 = 0
                                                if data__vars__team_value__display_one_of_count7 < 2:
                                                    try:
                                                        if not isinstance(data__vars__team_value__display, (bool)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display".format(**locals()) + " must be boolean")
                                                        data__vars__team_value__display_one_of_count7 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__team_value__display_one_of_count7 < 2:
                                                    try:
                                                        if not isinstance(data__vars__team_value__display, (dict)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display".format(**locals()) + " must be object")
                                                        data__vars__team_value__display_is_dict = isinstance(data__vars__team_value__display, dict)
                                                        if data__vars__team_value__display_is_dict:
                                                            data__vars__team_value__display_keys = set(data__vars__team_value__display.keys())
                                                            if "label" in data__vars__team_value__display_keys:
                                                                data__vars__team_value__display_keys.remove("label")
                                                                data__vars__team_value__display__label = data__vars__team_value__display["label"]
                                                                if not isinstance(data__vars__team_value__display__label, (str)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display.label".format(**locals()) + " must be string")
                                                            if "phases" in data__vars__team_value__display_keys:
                                                                data__vars__team_value__display_keys.remove("phases")
                                                                data__vars__team_value__display__phases = data__vars__team_value__display["phases"]
                                                                if not isinstance(data__vars__team_value__display__phases, (list, tuple)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display.phases".format(**locals()) + " must be array")
                                                                data__vars__team_value__display__phases_is_list = isinstance(data__vars__team_value__display__phases, (list, tuple))
                                                                if data__vars__team_value__display__phases_is_list:
                                                                    data__vars__team_value__display__phases_len = len(data__vars__team_value__display__phases)
                                                                    for data__vars__team_value__display__phases_x, data__vars__team_value__display__phases_item in enumerate(data__vars__team_value__display__phases):
                                                                        if not isinstance(data__vars__team_value__display__phases_item, (str)):
                                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display.phases[{data__vars__team_value__display__phases_x}]".format(**locals()) + " must be string")
                                                            if "tell" in data__vars__team_value__display_keys:
                                                                data__vars__team_value__display_keys.remove("tell")
                                                                data__vars__team_value__display__tell = data__vars__team_value__display["tell"]
                                                                if not (isinstance(data__vars__team_value__display__tell, str) and data__vars__team_value__display__tell == 'change' or isinstance(data__vars__team_value__display__tell, str) and data__vars__team_value__display__tell == 'phase_end'):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display.tell".format(**locals()) + " must be one of ['change', 'phase_end']")
                                                            if data__vars__team_value__display_keys:
                                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display".format(**locals()) + " must not contain "+str(data__vars__team_value__display_keys)+" properties")
                                                        data__vars__team_value__display_one_of_count7 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__team_value__display_one_of_count7 != 1:
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}.display".format(**locals()) + " must be valid exactly by one definition")
                                            if data__vars__team_value_keys:
                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}".format(**locals()) + " must not contain "+str(data__vars__team_value_keys)+" properties")
                                        data__vars__team_value_any_of_count6 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__team_value_any_of_count6:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team.{data__vars__team_key}".format(**locals()) + " cannot be validated by any definition")
                        data__vars__team_len = len(data__vars__team)
                        if data__vars__team_len != 0:
                            data__vars__team_property_names = True
                            for data__vars__team_key in data__vars__team:
                                try:
                                    if isinstance(data__vars__team_key, str):
                                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__vars__team_key):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                                except (JsonSchemaValueException, JsonSchemaValuesException):
                                    data__vars__team_property_names = False
                            if not data__vars__team_property_names:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.team must be named by propertyName definition")
                if "card" in data__vars_keys:
                    data__vars_keys.remove("card")
                    data__vars__card = data__vars["card"]
                    if not isinstance(data__vars__card, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card must be object")
                    data__vars__card_is_dict = isinstance(data__vars__card, dict)
                    if data__vars__card_is_dict:
                        data__vars__card_keys = set(data__vars__card.keys())
                        for data__vars__card_key in data__vars__card_keys:
                            if data__vars__card_key not in []:
                                data__vars__card_value = data__vars__card.get(data__vars__card_key)
                                data__vars__card_value_any_of_count8 = 0
                                if not data__vars__card_value_any_of_count8:
                                    try:
                                        if not isinstance(data__vars__card_value, (int, bool, str)) and not (isinstance(data__vars__card_value, float) and data__vars__card_value.is_integer()):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}".format(**locals()) + " must be integer or boolean or string")
                                        data__vars__card_value_any_of_count8 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__card_value_any_of_count8:
                                    try:
                                        if not isinstance(data__vars__card_value, (dict)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}".format(**locals()) + " must be object")
                                        data__vars__card_value_is_dict = isinstance(data__vars__card_value, dict)
                                        if data__vars__card_value_is_dict:
                                            data__vars__card_value_keys = set(data__vars__card_value.keys())
                                            if "type" in data__vars__card_value_keys:
                                                data__vars__card_value_keys.remove("type")
                                                data__vars__card_value__type = data__vars__card_value["type"]
                                                if not isinstance(data__vars__card_value__type, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.type".format(**locals()) + " must be string")
                                            if "initial" in data__vars__card_value_keys:
                                                data__vars__card_value_keys.remove("initial")
                                                data__vars__card_value__initial = data__vars__card_value["initial"]
                                                if not isinstance(data__vars__card_value__initial, (int, bool, str, list, tuple)) and not (isinstance(data__vars__card_value__initial, float) and data__vars__card_value__initial.is_integer()):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.initial".format(**locals()) + " must be integer or boolean or string or array")
                                            if "description" in data__vars__card_value_keys:
                                                data__vars__card_value_keys.remove("description")
                                                data__vars__card_value__description = data__vars__card_value["description"]
                                                if not isinstance(data__vars__card_value__description, (str)):
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.description".format(**locals()) + " must be string")
                                            if "display" in data__vars__card_value_keys:
                                                data__vars__card_value_keys.remove("display")
                                                data__vars__card_value__display = data__vars__card_value["display"]
                                                data__vars__card_value__display_one_of_count9 = 0
                                                if data__vars__card_value__display_one_of_count9 < 2:
                                                    try:
                                                        if not isinstance(data__vars__card_value__display, (bool)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display".format(**locals()) + " must be boolean")
                                                        data__vars__card_value__display_one_of_count9 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__card_value__display_one_of_count9 < 2:
                                                    try:
                                                        if not isinstance(data__vars__card_value__display, (dict)):
                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display".format(**locals()) + " must be object")
                                                        data__vars__card_value__display_is_dict = isinstance(data__vars__card_value__display, dict)
                                                        if data__vars__card_value__display_is_dict:
                                                            data__vars__card_value__display_keys = set(data__vars__card_value__display.keys())
                                                            if "label" in data__vars__card_value__display_keys:
                                                                data__vars__card_value__display_keys.remove("label")
                                                                data__vars__card_value__display__label = data__vars__card_value__display["label"]
                                                                if not isinstance(data__vars__card_value__display__label, (str)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display.label".format(**locals()) + " must be string")
                                                            if "phases" in data__vars__card_value__display_keys:
                                                                data__vars__card_value__display_keys.remove("phases")
                                                                data__vars__card_value__display__phases = data__vars__card_value__display["phases"]
                                                                if not isinstance(data__vars__card_value__display__phases, (list, tuple)):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display.phases".format(**locals()) + " must be array")
                                                                data__vars__card_value__display__phases_is_list = isinstance(data__vars__card_value__display__phases, (list, tuple))
                                                                if data__vars__card_value__display__phases_is_list:
                                                                    data__vars__card_value__display__phases_len = len(data__vars__card_value__display__phases)
                                                                    for data__vars__card_value__display__phases_x, data__vars__card_value__display__phases_item in enumerate(data__vars__card_value__display__phases):
                                                                        if not isinstance(data__vars__card_value__display__phases_item, (str)):
                                                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display.phases[{data__vars__card_value__display__phases_x}]".format(**locals()) + " must be string")
                                                            if "tell" in data__vars__card_value__display_keys:
                                                                data__vars__card_value__display_keys.remove("tell")
                                                                data__vars__card_value__display__tell = data__vars__card_value__display["tell"]
                                                                if not (isinstance(data__vars__card_value__display__tell, str) and data__vars__card_value__display__tell == 'change' or isinstance(data__vars__card_value__display__tell, str) and data__vars__card_value__display__tell == 'phase_end'):
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display.tell".format(**locals()) + " must be one of ['change', 'phase_end']")
                                                            if data__vars__card_value__display_keys:
                                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display".format(**locals()) + " must not contain "+str(data__vars__card_value__display_keys)+" properties")
                                                        data__vars__card_value__display_one_of_count9 += 1
                                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                if data__vars__card_value__display_one_of_count9 != 1:
                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}.display".format(**locals()) + " must be valid exactly by one definition")
                                            if data__vars__card_value_keys:
                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}".format(**locals()) + " must not contain "+str(data__vars__card_value_keys)+" properties")
                                        data__vars__card_value_any_of_count8 += 1
                                    except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                if not data__vars__card_value_any_of_count8:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card.{data__vars__card_key}".format(**locals()) + " cannot be validated by any definition")
                        data__vars__card_len = len(data__vars__card)
                        if data__vars__card_len != 0:
                            data__vars__card_property_names = True
                            for data__vars__card_key in data__vars__card:
                                try:
                                    if isinstance(data__vars__card_key, str):
                                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__vars__card_key):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                                except (JsonSchemaValueException, JsonSchemaValuesException):
                                    data__vars__card_property_names = False
                            if not data__vars__card_property_names:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars.card must be named by propertyName definition")
                if data__vars_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".vars must not contain "+str(data__vars_keys)+" properties")
        if "functions" in data_keys:
            data_keys.remove("functions")
            data__functions = data["functions"]
            if not isinstance(data__functions, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions must be object")
            data__functions_is_dict = isinstance(data__functions, dict)
            if data__functions_is_dict:
                data__functions_keys = set(data__functions.keys())
                for data__functions_key in data__functions_keys:
                    if data__functions_key not in []:
                        data__functions_value = data__functions.get(data__functions_key)
                        data__functions_value_any_of_count10 = 0
                        if not data__functions_value_any_of_count10:
                            try:
                                if not isinstance(data__functions_value, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}".format(**locals()) + " must be string")
                                data__functions_value_any_of_count10 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__functions_value_any_of_count10:
                            try:
                                if not isinstance(data__functions_value, (dict)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}".format(**locals()) + " must be object")
                                data__functions_value_is_dict = isinstance(data__functions_value, dict)
                                if data__functions_value_is_dict:
                                    data__functions_value__missing_keys = set(['value']) - data__functions_value.keys()
                                    if data__functions_value__missing_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}".format(**locals()) + " must contain ")
                                    data__functions_value_keys = set(data__functions_value.keys())
                                    if "params" in data__functions_value_keys:
                                        data__functions_value_keys.remove("params")
                                        data__functions_value__params = data__functions_value["params"]
                                        if not isinstance(data__functions_value__params, (dict)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}.params".format(**locals()) + " must be object")
                                        data__functions_value__params_is_dict = isinstance(data__functions_value__params, dict)
                                        if data__functions_value__params_is_dict:
                                            data__functions_value__params_keys = set(data__functions_value__params.keys())
                                            for data__functions_value__params_key in data__functions_value__params_keys:
                                                if data__functions_value__params_key not in []:
                                                    data__functions_value__params_value = data__functions_value__params.get(data__functions_value__params_key)
                                                    if not isinstance(data__functions_value__params_value, (str)):
                                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}.params.{data__functions_value__params_key}".format(**locals()) + " must be string")
                                    if "value" in data__functions_value_keys:
                                        data__functions_value_keys.remove("value")
                                        data__functions_value__value = data__functions_value["value"]
                                        if not isinstance(data__functions_value__value, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}.value".format(**locals()) + " must be string")
                                    if "description" in data__functions_value_keys:
                                        data__functions_value_keys.remove("description")
                                        data__functions_value__description = data__functions_value["description"]
                                        if not isinstance(data__functions_value__description, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}.description".format(**locals()) + " must be string")
                                    if data__functions_value_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}".format(**locals()) + " must not contain "+str(data__functions_value_keys)+" properties")
                                data__functions_value_any_of_count10 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__functions_value_any_of_count10:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions.{data__functions_key}".format(**locals()) + " cannot be validated by any definition")
                data__functions_len = len(data__functions)
                if data__functions_len != 0:
                    data__functions_property_names = True
                    for data__functions_key in data__functions:
                        try:
                            if isinstance(data__functions_key, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__functions_key):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        except (JsonSchemaValueException, JsonSchemaValuesException):
                            data__functions_property_names = False
                    if not data__functions_property_names:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".functions must be named by propertyName definition")
        if "procedures" in data_keys:
            data_keys.remove("procedures")
            data__procedures = data["procedures"]
            if not isinstance(data__procedures, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures must be object")
            data__procedures_is_dict = isinstance(data__procedures, dict)
            if data__procedures_is_dict:
                data__procedures_keys = set(data__procedures.keys())
                for data__procedures_key in data__procedures_keys:
                    if data__procedures_key not in []:
                        data__procedures_value = data__procedures.get(data__procedures_key)
                        data__procedures_value_any_of_count11 = 0
                        if not data__procedures_value_any_of_count11:
                            try:
                                validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__procedures_value, custom_formats, (name_prefix or "data") + ".procedures.{data__procedures_key}".format(**locals()))
                                data__procedures_value_any_of_count11 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__procedures_value_any_of_count11:
                            try:
                                if not isinstance(data__procedures_value, (dict)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}".format(**locals()) + " must be object")
                                data__procedures_value_is_dict = isinstance(data__procedures_value, dict)
                                if data__procedures_value_is_dict:
                                    data__procedures_value__missing_keys = set(['do']) - data__procedures_value.keys()
                                    if data__procedures_value__missing_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}".format(**locals()) + " must contain ")
                                    data__procedures_value_keys = set(data__procedures_value.keys())
                                    if "params" in data__procedures_value_keys:
                                        data__procedures_value_keys.remove("params")
                                        data__procedures_value__params = data__procedures_value["params"]
                                        if not isinstance(data__procedures_value__params, (dict)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params".format(**locals()) + " must be object")
                                        data__procedures_value__params_is_dict = isinstance(data__procedures_value__params, dict)
                                        if data__procedures_value__params_is_dict:
                                            data__procedures_value__params_keys = set(data__procedures_value__params.keys())
                                            for data__procedures_value__params_key in data__procedures_value__params_keys:
                                                if data__procedures_value__params_key not in []:
                                                    data__procedures_value__params_value = data__procedures_value__params.get(data__procedures_value__params_key)
                                                    data__procedures_value__params_value_any_of_count12 = 0
                                                    if not data__procedures_value__params_value_any_of_count12:
                                                        try:
                                                            if not isinstance(data__procedures_value__params_value, (str)):
                                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}".format(**locals()) + " must be string")
                                                            data__procedures_value__params_value_any_of_count12 += 1
                                                        except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                    if not data__procedures_value__params_value_any_of_count12:
                                                        try:
                                                            if not isinstance(data__procedures_value__params_value, (dict)):
                                                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}".format(**locals()) + " must be object")
                                                            data__procedures_value__params_value_is_dict = isinstance(data__procedures_value__params_value, dict)
                                                            if data__procedures_value__params_value_is_dict:
                                                                data__procedures_value__params_value__missing_keys = set(['type']) - data__procedures_value__params_value.keys()
                                                                if data__procedures_value__params_value__missing_keys:
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}".format(**locals()) + " must contain ")
                                                                data__procedures_value__params_value_keys = set(data__procedures_value__params_value.keys())
                                                                if "type" in data__procedures_value__params_value_keys:
                                                                    data__procedures_value__params_value_keys.remove("type")
                                                                    data__procedures_value__params_value__type = data__procedures_value__params_value["type"]
                                                                    if not isinstance(data__procedures_value__params_value__type, (str)):
                                                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}.type".format(**locals()) + " must be string")
                                                                if "default" in data__procedures_value__params_value_keys:
                                                                    data__procedures_value__params_value_keys.remove("default")
                                                                    data__procedures_value__params_value__default = data__procedures_value__params_value["default"]
                                                                    if not isinstance(data__procedures_value__params_value__default, (int, bool, str)) and not (isinstance(data__procedures_value__params_value__default, float) and data__procedures_value__params_value__default.is_integer()):
                                                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}.default".format(**locals()) + " must be integer or boolean or string")
                                                                if "description" in data__procedures_value__params_value_keys:
                                                                    data__procedures_value__params_value_keys.remove("description")
                                                                    data__procedures_value__params_value__description = data__procedures_value__params_value["description"]
                                                                    if not isinstance(data__procedures_value__params_value__description, (str)):
                                                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}.description".format(**locals()) + " must be string")
                                                                if data__procedures_value__params_value_keys:
                                                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}".format(**locals()) + " must not contain "+str(data__procedures_value__params_value_keys)+" properties")
                                                            data__procedures_value__params_value_any_of_count12 += 1
                                                        except (JsonSchemaValueException, JsonSchemaValuesException): pass
                                                    if not data__procedures_value__params_value_any_of_count12:
                                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.params.{data__procedures_value__params_key}".format(**locals()) + " cannot be validated by any definition")
                                    if "do" in data__procedures_value_keys:
                                        data__procedures_value_keys.remove("do")
                                        data__procedures_value__do = data__procedures_value["do"]
                                        validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__procedures_value__do, custom_formats, (name_prefix or "data") + ".procedures.{data__procedures_key}.do".format(**locals()))
                                    if "description" in data__procedures_value_keys:
                                        data__procedures_value_keys.remove("description")
                                        data__procedures_value__description = data__procedures_value["description"]
                                        if not isinstance(data__procedures_value__description, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}.description".format(**locals()) + " must be string")
                                    if data__procedures_value_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}".format(**locals()) + " must not contain "+str(data__procedures_value_keys)+" properties")
                                data__procedures_value_any_of_count11 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__procedures_value_any_of_count11:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures.{data__procedures_key}".format(**locals()) + " cannot be validated by any definition")
                data__procedures_len = len(data__procedures)
                if data__procedures_len != 0:
                    data__procedures_property_names = True
                    for data__procedures_key in data__procedures:
                        try:
                            if isinstance(data__procedures_key, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__procedures_key):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        except (JsonSchemaValueException, JsonSchemaValuesException):
                            data__procedures_property_names = False
                    if not data__procedures_property_names:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".procedures must be named by propertyName definition")
        if "triggers" in data_keys:
            data_keys.remove("triggers")
            data__triggers = data["triggers"]
            if not isinstance(data__triggers, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers must be object")
            data__triggers_is_dict = isinstance(data__triggers, dict)
            if data__triggers_is_dict:
                data__triggers_keys = set(data__triggers.keys())
                for data__triggers_key in data__triggers_keys:
                    if data__triggers_key not in []:
                        data__triggers_value = data__triggers.get(data__triggers_key)
                        if not isinstance(data__triggers_value, (dict)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}".format(**locals()) + " must be object")
                        data__triggers_value_is_dict = isinstance(data__triggers_value, dict)
                        if data__triggers_value_is_dict:
                            data__triggers_value__missing_keys = set(['on', 'do']) - data__triggers_value.keys()
                            if data__triggers_value__missing_keys:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}".format(**locals()) + " must contain ")
                            data__triggers_value_keys = set(data__triggers_value.keys())
                            if "on" in data__triggers_value_keys:
                                data__triggers_value_keys.remove("on")
                                data__triggers_value__on = data__triggers_value["on"]
                                if not isinstance(data__triggers_value__on, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}.on".format(**locals()) + " must be string")
                                if not (isinstance(data__triggers_value__on, str) and data__triggers_value__on == 'moved' or isinstance(data__triggers_value__on, str) and data__triggers_value__on == 'phase_started' or isinstance(data__triggers_value__on, str) and data__triggers_value__on == 'phase_ended'):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}.on".format(**locals()) + " must be one of ['moved', 'phase_started', 'phase_ended']")
                            if "where" in data__triggers_value_keys:
                                data__triggers_value_keys.remove("where")
                                data__triggers_value__where = data__triggers_value["where"]
                                if not isinstance(data__triggers_value__where, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}.where".format(**locals()) + " must be string")
                            if "do" in data__triggers_value_keys:
                                data__triggers_value_keys.remove("do")
                                data__triggers_value__do = data__triggers_value["do"]
                                validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__triggers_value__do, custom_formats, (name_prefix or "data") + ".triggers.{data__triggers_key}.do".format(**locals()))
                            if "description" in data__triggers_value_keys:
                                data__triggers_value_keys.remove("description")
                                data__triggers_value__description = data__triggers_value["description"]
                                if not isinstance(data__triggers_value__description, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}.description".format(**locals()) + " must be string")
                            if "to" in data__triggers_value_keys:
                                data__triggers_value_keys.remove("to")
                                data__triggers_value__to = data__triggers_value["to"]
                                if not isinstance(data__triggers_value__to, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}.to".format(**locals()) + " must be string")
                            if data__triggers_value_keys:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers.{data__triggers_key}".format(**locals()) + " must not contain "+str(data__triggers_value_keys)+" properties")
                data__triggers_len = len(data__triggers)
                if data__triggers_len != 0:
                    data__triggers_property_names = True
                    for data__triggers_key in data__triggers:
                        try:
                            if isinstance(data__triggers_key, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__triggers_key):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        except (JsonSchemaValueException, JsonSchemaValuesException):
                            data__triggers_property_names = False
                    if not data__triggers_property_names:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".triggers must be named by propertyName definition")
        if "flow" in data_keys:
            data_keys.remove("flow")
            data__flow = data["flow"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__flow, custom_formats, (name_prefix or "data") + ".flow")
        if "result" in data_keys:
            data_keys.remove("result")
            data__result = data["result"]
            if not isinstance(data__result, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".result must be object")
            data__result_is_dict = isinstance(data__result, dict)
            if data__result_is_dict:
                data__result_keys = set(data__result.keys())
                if "score" in data__result_keys:
                    data__result_keys.remove("score")
                    data__result__score = data__result["score"]
                    if not isinstance(data__result__score, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".result.score must be string")
                if "winners" in data__result_keys:
                    data__result_keys.remove("winners")
                    data__result__winners = data__result["winners"]
                    if not isinstance(data__result__winners, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".result.winners must be string")
                if "label" in data__result_keys:
                    data__result_keys.remove("label")
                    data__result__label = data__result["label"]
                    if not isinstance(data__result__label, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".result.label must be string")
                if data__result_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".result must not contain "+str(data__result_keys)+" properties")
        if "limits" in data_keys:
            data_keys.remove("limits")
            data__limits = data["limits"]
            if not isinstance(data__limits, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits must be object")
            data__limits_is_dict = isinstance(data__limits, dict)
            if data__limits_is_dict:
                data__limits_keys = set(data__limits.keys())
                if "decisions" in data__limits_keys:
                    data__limits_keys.remove("decisions")
                    data__limits__decisions = data__limits["decisions"]
                    if not isinstance(data__limits__decisions, (int)) and not (isinstance(data__limits__decisions, float) and data__limits__decisions.is_integer()) or isinstance(data__limits__decisions, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.decisions must be integer")
                    if isinstance(data__limits__decisions, (int, float, Decimal)) and not isinstance(data__limits__decisions, bool):
                        if data__limits__decisions < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.decisions must be bigger than or equal to 1")
                        if data__limits__decisions > 10000000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.decisions must be smaller than or equal to 10000000")
                if "steps" in data__limits_keys:
                    data__limits_keys.remove("steps")
                    data__limits__steps = data__limits["steps"]
                    if not isinstance(data__limits__steps, (int)) and not (isinstance(data__limits__steps, float) and data__limits__steps.is_integer()) or isinstance(data__limits__steps, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.steps must be integer")
                    if isinstance(data__limits__steps, (int, float, Decimal)) and not isinstance(data__limits__steps, bool):
                        if data__limits__steps < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.steps must be bigger than or equal to 1")
                        if data__limits__steps > 10000000000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.steps must be smaller than or equal to 10000000000")
                if "events" in data__limits_keys:
                    data__limits_keys.remove("events")
                    data__limits__events = data__limits["events"]
                    if not isinstance(data__limits__events, (int)) and not (isinstance(data__limits__events, float) and data__limits__events.is_integer()) or isinstance(data__limits__events, bool):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.events must be integer")
                    if isinstance(data__limits__events, (int, float, Decimal)) and not isinstance(data__limits__events, bool):
                        if data__limits__events < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.events must be bigger than or equal to 1")
                        if data__limits__events > 2000000:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits.events must be smaller than or equal to 2000000")
                if data__limits_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".limits must not contain "+str(data__limits_keys)+" properties")
        if "abilities" in data_keys:
            data_keys.remove("abilities")
            data__abilities = data["abilities"]
            if not isinstance(data__abilities, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities must be object")
            data__abilities_is_dict = isinstance(data__abilities, dict)
            if data__abilities_is_dict:
                data__abilities_keys = set(data__abilities.keys())
                for data__abilities_key in data__abilities_keys:
                    if data__abilities_key not in []:
                        data__abilities_value = data__abilities.get(data__abilities_key)
                        if not isinstance(data__abilities_value, (dict)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities.{data__abilities_key}".format(**locals()) + " must be object")
                        data__abilities_value_is_dict = isinstance(data__abilities_value, dict)
                        if data__abilities_value_is_dict:
                            data__abilities_value_keys = set(data__abilities_value.keys())
                            if "when" in data__abilities_value_keys:
                                data__abilities_value_keys.remove("when")
                                data__abilities_value__when = data__abilities_value["when"]
                                if not isinstance(data__abilities_value__when, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities.{data__abilities_key}.when".format(**locals()) + " must be string")
                            if "do" in data__abilities_value_keys:
                                data__abilities_value_keys.remove("do")
                                data__abilities_value__do = data__abilities_value["do"]
                                validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__abilities_value__do, custom_formats, (name_prefix or "data") + ".abilities.{data__abilities_key}.do".format(**locals()))
                            if "label" in data__abilities_value_keys:
                                data__abilities_value_keys.remove("label")
                                data__abilities_value__label = data__abilities_value["label"]
                                if not isinstance(data__abilities_value__label, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities.{data__abilities_key}.label".format(**locals()) + " must be string")
                            if "description" in data__abilities_value_keys:
                                data__abilities_value_keys.remove("description")
                                data__abilities_value__description = data__abilities_value["description"]
                                if not isinstance(data__abilities_value__description, (str)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities.{data__abilities_key}.description".format(**locals()) + " must be string")
                            if data__abilities_value_keys:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities.{data__abilities_key}".format(**locals()) + " must not contain "+str(data__abilities_value_keys)+" properties")
                data__abilities_len = len(data__abilities)
                if data__abilities_len != 0:
                    data__abilities_property_names = True
                    for data__abilities_key in data__abilities:
                        try:
                            if isinstance(data__abilities_key, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__abilities_key):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        except (JsonSchemaValueException, JsonSchemaValuesException):
                            data__abilities_property_names = False
                    if not data__abilities_property_names:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".abilities must be named by propertyName definition")
        if "hand_history" in data_keys:
            data_keys.remove("hand_history")
            data__handhistory = data["hand_history"]
            if not isinstance(data__handhistory, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history must be object")
            data__handhistory_is_dict = isinstance(data__handhistory, dict)
            if data__handhistory_is_dict:
                data__handhistory__missing_keys = set(['variant', 'hand', 'button', 'hole', 'board', 'chips', 'streets', 'actions']) - data__handhistory.keys()
                if data__handhistory__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history must contain ")
                data__handhistory_keys = set(data__handhistory.keys())
                if "variant" in data__handhistory_keys:
                    data__handhistory_keys.remove("variant")
                    data__handhistory__variant = data__handhistory["variant"]
                    if not isinstance(data__handhistory__variant, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.variant must be string")
                    if not (isinstance(data__handhistory__variant, str) and data__handhistory__variant == 'NT' or isinstance(data__handhistory__variant, str) and data__handhistory__variant == 'NS' or isinstance(data__handhistory__variant, str) and data__handhistory__variant == 'PO'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.variant must be one of ['NT', 'NS', 'PO']")
                if "hand" in data__handhistory_keys:
                    data__handhistory_keys.remove("hand")
                    data__handhistory__hand = data__handhistory["hand"]
                    if not isinstance(data__handhistory__hand, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.hand must be string")
                    if isinstance(data__handhistory__hand, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__hand):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.hand must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "button" in data__handhistory_keys:
                    data__handhistory_keys.remove("button")
                    data__handhistory__button = data__handhistory["button"]
                    if not isinstance(data__handhistory__button, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.button must be string")
                    if isinstance(data__handhistory__button, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__button):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.button must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "hole" in data__handhistory_keys:
                    data__handhistory_keys.remove("hole")
                    data__handhistory__hole = data__handhistory["hole"]
                    if not isinstance(data__handhistory__hole, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.hole must be string")
                    if isinstance(data__handhistory__hole, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__hole):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.hole must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "board" in data__handhistory_keys:
                    data__handhistory_keys.remove("board")
                    data__handhistory__board = data__handhistory["board"]
                    if not isinstance(data__handhistory__board, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.board must be string")
                    if isinstance(data__handhistory__board, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__board):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.board must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "chips" in data__handhistory_keys:
                    data__handhistory_keys.remove("chips")
                    data__handhistory__chips = data__handhistory["chips"]
                    if not isinstance(data__handhistory__chips, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.chips must be string")
                    if isinstance(data__handhistory__chips, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__chips):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.chips must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "forced" in data__handhistory_keys:
                    data__handhistory_keys.remove("forced")
                    data__handhistory__forced = data__handhistory["forced"]
                    if not isinstance(data__handhistory__forced, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.forced must be string")
                    if not (isinstance(data__handhistory__forced, str) and data__handhistory__forced == 'blinds' or isinstance(data__handhistory__forced, str) and data__handhistory__forced == 'antes'):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.forced must be one of ['blinds', 'antes']")
                if "min_bet" in data__handhistory_keys:
                    data__handhistory_keys.remove("min_bet")
                    data__handhistory__minbet = data__handhistory["min_bet"]
                    if not isinstance(data__handhistory__minbet, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.min_bet must be string")
                    if isinstance(data__handhistory__minbet, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__minbet):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.min_bet must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "streets" in data__handhistory_keys:
                    data__handhistory_keys.remove("streets")
                    data__handhistory__streets = data__handhistory["streets"]
                    if not isinstance(data__handhistory__streets, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.streets must be array")
                    data__handhistory__streets_is_list = isinstance(data__handhistory__streets, (list, tuple))
                    if data__handhistory__streets_is_list:
                        data__handhistory__streets_len = len(data__handhistory__streets)
                        if data__handhistory__streets_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.streets must contain at least 1 items")
                        for data__handhistory__streets_x, data__handhistory__streets_item in enumerate(data__handhistory__streets):
                            if not isinstance(data__handhistory__streets_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.streets[{data__handhistory__streets_x}]".format(**locals()) + " must be string")
                            if isinstance(data__handhistory__streets_item, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__streets_item):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.streets[{data__handhistory__streets_x}]".format(**locals()) + " must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "actions" in data__handhistory_keys:
                    data__handhistory_keys.remove("actions")
                    data__handhistory__actions = data__handhistory["actions"]
                    if not isinstance(data__handhistory__actions, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions must be object")
                    data__handhistory__actions_is_dict = isinstance(data__handhistory__actions, dict)
                    if data__handhistory__actions_is_dict:
                        data__handhistory__actions_keys = set(data__handhistory__actions.keys())
                        if "fold" in data__handhistory__actions_keys:
                            data__handhistory__actions_keys.remove("fold")
                            data__handhistory__actions__fold = data__handhistory__actions["fold"]
                            if not isinstance(data__handhistory__actions__fold, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.fold must be string")
                            if isinstance(data__handhistory__actions__fold, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__actions__fold):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.fold must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        if "check" in data__handhistory__actions_keys:
                            data__handhistory__actions_keys.remove("check")
                            data__handhistory__actions__check = data__handhistory__actions["check"]
                            if not isinstance(data__handhistory__actions__check, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.check must be string")
                            if isinstance(data__handhistory__actions__check, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__actions__check):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.check must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        if "call" in data__handhistory__actions_keys:
                            data__handhistory__actions_keys.remove("call")
                            data__handhistory__actions__call = data__handhistory__actions["call"]
                            if not isinstance(data__handhistory__actions__call, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.call must be string")
                            if isinstance(data__handhistory__actions__call, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__actions__call):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.call must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        if "bet" in data__handhistory__actions_keys:
                            data__handhistory__actions_keys.remove("bet")
                            data__handhistory__actions__bet = data__handhistory__actions["bet"]
                            if not isinstance(data__handhistory__actions__bet, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.bet must be string")
                            if isinstance(data__handhistory__actions__bet, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__actions__bet):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.bet must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        if "raise" in data__handhistory__actions_keys:
                            data__handhistory__actions_keys.remove("raise")
                            data__handhistory__actions__raise = data__handhistory__actions["raise"]
                            if not isinstance(data__handhistory__actions__raise, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.raise must be string")
                            if isinstance(data__handhistory__actions__raise, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__actions__raise):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.raise must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        if "all_in" in data__handhistory__actions_keys:
                            data__handhistory__actions_keys.remove("all_in")
                            data__handhistory__actions__allin = data__handhistory__actions["all_in"]
                            if not isinstance(data__handhistory__actions__allin, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.all_in must be string")
                            if isinstance(data__handhistory__actions__allin, str):
                                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__handhistory__actions__allin):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions.all_in must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                        if data__handhistory__actions_keys:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history.actions must not contain "+str(data__handhistory__actions_keys)+" properties")
                if data__handhistory_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".hand_history must not contain "+str(data__handhistory_keys)+" properties")
        if "library" in data_keys:
            data_keys.remove("library")
            data__library = data["library"]
            if not isinstance(data__library, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".library must be boolean")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
    return data

def validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data, custom_formats={}, name_prefix=None):
    data_any_of_count13 = 0
    if not data_any_of_count13:
        try:
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_step(data, custom_formats, (name_prefix or "data") + "")
            data_any_of_count13 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count13:
        try:
            if not isinstance(data, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be array")
            data_is_list = isinstance(data, (list, tuple))
            if data_is_list:
                data_len = len(data)
                for data_x, data_item in enumerate(data):
                    validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_step(data_item, custom_formats, (name_prefix or "data") + "[{data_x}]".format(**locals()))
            data_any_of_count13 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count13:
        raise JsonSchemaValueException("" + (name_prefix or "data") + " cannot be validated by any definition")
    return data

def validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_step(data, custom_formats={}, name_prefix=None):
    data_any_of_count14 = 0
    if not data_any_of_count14:
        try:
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_statements(data, custom_formats, (name_prefix or "data") + "")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['if']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "if" in data_keys:
                    data_keys.remove("if")
                    data__if = data["if"]
                    data__if_any_of_count15 = 0
                    if not data__if_any_of_count15:
                        try:
                            if not isinstance(data__if, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".if must be string")
                            data__if_any_of_count15 += 1
                        except (JsonSchemaValueException, JsonSchemaValuesException): pass
                    if not data__if_any_of_count15:
                        try:
                            if not isinstance(data__if, (bool)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".if must be boolean")
                            data__if_any_of_count15 += 1
                        except (JsonSchemaValueException, JsonSchemaValuesException): pass
                    if not data__if_any_of_count15:
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".if cannot be validated by any definition")
                if "then" in data_keys:
                    data_keys.remove("then")
                    data__then = data["then"]
                    validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__then, custom_formats, (name_prefix or "data") + ".then")
                if "else" in data_keys:
                    data_keys.remove("else")
                    data__else = data["else"]
                    validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__else, custom_formats, (name_prefix or "data") + ".else")
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['while']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "while" in data_keys:
                    data_keys.remove("while")
                    data__while = data["while"]
                    if not isinstance(data__while, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".while must be string")
                if "do" in data_keys:
                    data_keys.remove("do")
                    data__do = data["do"]
                    validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__do, custom_formats, (name_prefix or "data") + ".do")
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['repeat', 'until']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "repeat" in data_keys:
                    data_keys.remove("repeat")
                    data__repeat = data["repeat"]
                    validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__repeat, custom_formats, (name_prefix or "data") + ".repeat")
                if "until" in data_keys:
                    data_keys.remove("until")
                    data__until = data["until"]
                    if not isinstance(data__until, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".until must be string")
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['for_each', 'in']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "for_each" in data_keys:
                    data_keys.remove("for_each")
                    data__foreach = data["for_each"]
                    if not isinstance(data__foreach, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".for_each must be string")
                    if isinstance(data__foreach, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__foreach):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".for_each must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "in" in data_keys:
                    data_keys.remove("in")
                    data__in = data["in"]
                    if not isinstance(data__in, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".in must be string")
                if "do" in data_keys:
                    data_keys.remove("do")
                    data__do = data["do"]
                    validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__do, custom_formats, (name_prefix or "data") + ".do")
                if "simultaneous" in data_keys:
                    data_keys.remove("simultaneous")
                    data__simultaneous = data["simultaneous"]
                    if not isinstance(data__simultaneous, (bool)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".simultaneous must be boolean")
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['call']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "call" in data_keys:
                    data_keys.remove("call")
                    data__call = data["call"]
                    if not isinstance(data__call, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".call must be string")
                    if isinstance(data__call, str):
                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__call):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".call must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                if "with" in data_keys:
                    data_keys.remove("with")
                    data__with = data["with"]
                    if not isinstance(data__with, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".with must be object")
                    data__with_is_dict = isinstance(data__with, dict)
                    if data__with_is_dict:
                        data__with_keys = set(data__with.keys())
                        for data__with_key in data__with_keys:
                            if data__with_key not in []:
                                data__with_value = data__with.get(data__with_key)
                                validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_expression(data__with_value, custom_formats, (name_prefix or "data") + ".with.{data__with_key}".format(**locals()))
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['phase']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "phase" in data_keys:
                    data_keys.remove("phase")
                    data__phase = data["phase"]
                    if not isinstance(data__phase, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".phase must be string")
                if "do" in data_keys:
                    data_keys.remove("do")
                    data__do = data["do"]
                    validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__do, custom_formats, (name_prefix or "data") + ".do")
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['use', 'player']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "use" in data_keys:
                    data_keys.remove("use")
                    data__use = data["use"]
                    if not isinstance(data__use, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".use must be string")
                if "player" in data_keys:
                    data_keys.remove("player")
                    data__player = data["player"]
                    if not isinstance(data__player, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".player must be string")
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_choose(data, custom_formats, (name_prefix or "data") + "")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_claim(data, custom_formats, (name_prefix or "data") + "")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        try:
            if not isinstance(data, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
            data_is_dict = isinstance(data, dict)
            if data_is_dict:
                data__missing_keys = set(['let']) - data.keys()
                if data__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
                data_keys = set(data.keys())
                if "let" in data_keys:
                    data_keys.remove("let")
                    data__let = data["let"]
                    if not isinstance(data__let, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".let must be object")
                    data__let_is_dict = isinstance(data__let, dict)
                    if data__let_is_dict:
                        data__let_keys = set(data__let.keys())
                        for data__let_key in data__let_keys:
                            if data__let_key not in []:
                                data__let_value = data__let.get(data__let_key)
                                validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_expression(data__let_value, custom_formats, (name_prefix or "data") + ".let.{data__let_key}".format(**locals()))
                        data__let_len = len(data__let)
                        if data__let_len != 0:
                            data__let_property_names = True
                            for data__let_key in data__let:
                                try:
                                    if isinstance(data__let_key, str):
                                        if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__let_key):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".let must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
                                except (JsonSchemaValueException, JsonSchemaValuesException):
                                    data__let_property_names = False
                            if not data__let_property_names:
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".let must be named by propertyName definition")
                if data_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
            data_any_of_count14 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count14:
        raise JsonSchemaValueException("" + (name_prefix or "data") + " cannot be validated by any definition")
    return data

def validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_claim(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['claim', 'players']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
        data_keys = set(data.keys())
        if "claim" in data_keys:
            data_keys.remove("claim")
            data__claim = data["claim"]
            if not isinstance(data__claim, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".claim must be string")
            if not (isinstance(data__claim, str) and data__claim == 'action' or isinstance(data__claim, str) and data__claim == 'card' or isinstance(data__claim, str) and data__claim == 'player' or isinstance(data__claim, str) and data__claim == 'value'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".claim must be one of ['action', 'card', 'player', 'value']")
        if "players" in data_keys:
            data_keys.remove("players")
            data__players = data["players"]
            if not isinstance(data__players, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".players must be string")
        if "by" in data_keys:
            data_keys.remove("by")
            data__by = data["by"]
            if not isinstance(data__by, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".by must be string")
            if isinstance(data__by, str):
                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__by):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".by must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
        if "wins" in data_keys:
            data_keys.remove("wins")
            data__wins = data["wins"]
            if not isinstance(data__wins, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".wins must be string")
            if not (isinstance(data__wins, str) and data__wins == 'first' or isinstance(data__wins, str) and data__wins == 'priority' or isinstance(data__wins, str) and data__wins == 'random'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".wins must be one of ['first', 'priority', 'random']")
        if "priority" in data_keys:
            data_keys.remove("priority")
            data__priority = data["priority"]
            if not isinstance(data__priority, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".priority must be array")
            data__priority_is_list = isinstance(data__priority, (list, tuple))
            if data__priority_is_list:
                data__priority_len = len(data__priority)
                for data__priority_x, data__priority_item in enumerate(data__priority):
                    if not isinstance(data__priority_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".priority[{data__priority_x}]".format(**locals()) + " must be string")
        if "order" in data_keys:
            data_keys.remove("order")
            data__order = data["order"]
            if not isinstance(data__order, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".order must be string")
            if not (isinstance(data__order, str) and data__order == 'listed' or isinstance(data__order, str) and data__order == 'random'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".order must be one of ['listed', 'random']")
        if "window" in data_keys:
            data_keys.remove("window")
            data__window = data["window"]
            if not isinstance(data__window, (int)) and not (isinstance(data__window, float) and data__window.is_integer()) or isinstance(data__window, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".window must be integer")
            if isinstance(data__window, (int, float, Decimal)) and not isinstance(data__window, bool):
                if data__window < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".window must be bigger than or equal to 1")
                if data__window > 3600:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".window must be smaller than or equal to 3600")
        if "answers" in data_keys:
            data_keys.remove("answers")
            data__answers = data["answers"]
            if not isinstance(data__answers, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".answers must be string")
            if not (isinstance(data__answers, str) and data__answers == 'hidden' or isinstance(data__answers, str) and data__answers == 'public'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".answers must be one of ['hidden', 'public']")
        if "from" in data_keys:
            data_keys.remove("from")
            data__from = data["from"]
            if not isinstance(data__from, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".from must be string")
        if "where" in data_keys:
            data_keys.remove("where")
            data__where = data["where"]
            data__where_one_of_count16 = 0
            if data__where_one_of_count16 < 2:
                try:
                    if not isinstance(data__where, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must be string")
                    data__where_one_of_count16 += 1
                except (JsonSchemaValueException, JsonSchemaValuesException): pass
            if data__where_one_of_count16 < 2:
                try:
                    if not isinstance(data__where, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must be array")
                    data__where_is_list = isinstance(data__where, (list, tuple))
                    if data__where_is_list:
                        data__where_len = len(data__where)
                        if data__where_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must contain at least 1 items")
                        for data__where_x, data__where_item in enumerate(data__where):
                            if not isinstance(data__where_item, (dict)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}]".format(**locals()) + " must be object")
                            data__where_item_is_dict = isinstance(data__where_item, dict)
                            if data__where_item_is_dict:
                                data__where_item__missing_keys = set(['require', 'reason']) - data__where_item.keys()
                                if data__where_item__missing_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}]".format(**locals()) + " must contain ")
                                data__where_item_keys = set(data__where_item.keys())
                                if "require" in data__where_item_keys:
                                    data__where_item_keys.remove("require")
                                    data__where_item__require = data__where_item["require"]
                                    if not isinstance(data__where_item__require, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}].require".format(**locals()) + " must be string")
                                if "reason" in data__where_item_keys:
                                    data__where_item_keys.remove("reason")
                                    data__where_item__reason = data__where_item["reason"]
                                    if not isinstance(data__where_item__reason, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}].reason".format(**locals()) + " must be string")
                                if data__where_item_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}]".format(**locals()) + " must not contain "+str(data__where_item_keys)+" properties")
                    data__where_one_of_count16 += 1
                except (JsonSchemaValueException, JsonSchemaValuesException): pass
            if data__where_one_of_count16 != 1:
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must be valid exactly by one definition")
        if "labels" in data_keys:
            data_keys.remove("labels")
            data__labels = data["labels"]
            if not isinstance(data__labels, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".labels must be string")
        if "actions" in data_keys:
            data_keys.remove("actions")
            data__actions = data["actions"]
            if not isinstance(data__actions, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions must be object")
            data__actions_is_dict = isinstance(data__actions, dict)
            if data__actions_is_dict:
                data__actions_keys = set(data__actions.keys())
                for data__actions_key in data__actions_keys:
                    if data__actions_key not in []:
                        data__actions_value = data__actions.get(data__actions_key)
                        data__actions_value_any_of_count17 = 0
                        if not data__actions_value_any_of_count17:
                            try:
                                validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__actions_value, custom_formats, (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()))
                                data__actions_value_any_of_count17 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__actions_value_any_of_count17:
                            try:
                                if not isinstance(data__actions_value, (dict)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()) + " must be object")
                                data__actions_value_is_dict = isinstance(data__actions_value, dict)
                                if data__actions_value_is_dict:
                                    data__actions_value_keys = set(data__actions_value.keys())
                                    if "if" in data__actions_value_keys:
                                        data__actions_value_keys.remove("if")
                                        data__actions_value__if = data__actions_value["if"]
                                        if not isinstance(data__actions_value__if, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}.if".format(**locals()) + " must be string")
                                    if "label" in data__actions_value_keys:
                                        data__actions_value_keys.remove("label")
                                        data__actions_value__label = data__actions_value["label"]
                                        if not isinstance(data__actions_value__label, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}.label".format(**locals()) + " must be string")
                                    if "do" in data__actions_value_keys:
                                        data__actions_value_keys.remove("do")
                                        data__actions_value__do = data__actions_value["do"]
                                        validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__actions_value__do, custom_formats, (name_prefix or "data") + ".actions.{data__actions_key}.do".format(**locals()))
                                    if data__actions_value_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()) + " must not contain "+str(data__actions_value_keys)+" properties")
                                data__actions_value_any_of_count17 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__actions_value_any_of_count17:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()) + " cannot be validated by any definition")
        if "as" in data_keys:
            data_keys.remove("as")
            data__as = data["as"]
            if not isinstance(data__as, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".as must be string")
            if isinstance(data__as, str):
                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__as):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".as must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
        if "prompt" in data_keys:
            data_keys.remove("prompt")
            data__prompt = data["prompt"]
            if not isinstance(data__prompt, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".prompt must be string")
        if "label" in data_keys:
            data_keys.remove("label")
            data__label = data["label"]
            if not isinstance(data__label, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".label must be string")
        if "then" in data_keys:
            data_keys.remove("then")
            data__then = data["then"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__then, custom_formats, (name_prefix or "data") + ".then")
        if "if_none" in data_keys:
            data_keys.remove("if_none")
            data__ifnone = data["if_none"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__ifnone, custom_formats, (name_prefix or "data") + ".if_none")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
    return data

def validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_choose(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object")
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['choose', 'player']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain ")
        data_keys = set(data.keys())
        if "choose" in data_keys:
            data_keys.remove("choose")
            data__choose = data["choose"]
            if not isinstance(data__choose, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".choose must be string")
            if not (isinstance(data__choose, str) and data__choose == 'card' or isinstance(data__choose, str) and data__choose == 'cards' or isinstance(data__choose, str) and data__choose == 'player' or isinstance(data__choose, str) and data__choose == 'value' or isinstance(data__choose, str) and data__choose == 'number' or isinstance(data__choose, str) and data__choose == 'action'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".choose must be one of ['card', 'cards', 'player', 'value', 'number', 'action']")
        if "player" in data_keys:
            data_keys.remove("player")
            data__player = data["player"]
            if not isinstance(data__player, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".player must be string")
        if "from" in data_keys:
            data_keys.remove("from")
            data__from = data["from"]
            if not isinstance(data__from, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".from must be string")
        if "where" in data_keys:
            data_keys.remove("where")
            data__where = data["where"]
            data__where_one_of_count18 = 0
            if data__where_one_of_count18 < 2:
                try:
                    if not isinstance(data__where, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must be string")
                    data__where_one_of_count18 += 1
                except (JsonSchemaValueException, JsonSchemaValuesException): pass
            if data__where_one_of_count18 < 2:
                try:
                    if not isinstance(data__where, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must be array")
                    data__where_is_list = isinstance(data__where, (list, tuple))
                    if data__where_is_list:
                        data__where_len = len(data__where)
                        if data__where_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must contain at least 1 items")
                        for data__where_x, data__where_item in enumerate(data__where):
                            if not isinstance(data__where_item, (dict)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}]".format(**locals()) + " must be object")
                            data__where_item_is_dict = isinstance(data__where_item, dict)
                            if data__where_item_is_dict:
                                data__where_item__missing_keys = set(['require', 'reason']) - data__where_item.keys()
                                if data__where_item__missing_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}]".format(**locals()) + " must contain ")
                                data__where_item_keys = set(data__where_item.keys())
                                if "require" in data__where_item_keys:
                                    data__where_item_keys.remove("require")
                                    data__where_item__require = data__where_item["require"]
                                    if not isinstance(data__where_item__require, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}].require".format(**locals()) + " must be string")
                                if "reason" in data__where_item_keys:
                                    data__where_item_keys.remove("reason")
                                    data__where_item__reason = data__where_item["reason"]
                                    if not isinstance(data__where_item__reason, (str)):
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}].reason".format(**locals()) + " must be string")
                                if data__where_item_keys:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".where[{data__where_x}]".format(**locals()) + " must not contain "+str(data__where_item_keys)+" properties")
                    data__where_one_of_count18 += 1
                except (JsonSchemaValueException, JsonSchemaValuesException): pass
            if data__where_one_of_count18 != 1:
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".where must be valid exactly by one definition")
        if "labels" in data_keys:
            data_keys.remove("labels")
            data__labels = data["labels"]
            if not isinstance(data__labels, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".labels must be string")
        if "count" in data_keys:
            data_keys.remove("count")
            data__count = data["count"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_expression(data__count, custom_formats, (name_prefix or "data") + ".count")
        if "min" in data_keys:
            data_keys.remove("min")
            data__min = data["min"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_expression(data__min, custom_formats, (name_prefix or "data") + ".min")
        if "max" in data_keys:
            data_keys.remove("max")
            data__max = data["max"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_expression(data__max, custom_formats, (name_prefix or "data") + ".max")
        if "actions" in data_keys:
            data_keys.remove("actions")
            data__actions = data["actions"]
            if not isinstance(data__actions, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions must be object")
            data__actions_is_dict = isinstance(data__actions, dict)
            if data__actions_is_dict:
                data__actions_keys = set(data__actions.keys())
                for data__actions_key in data__actions_keys:
                    if data__actions_key not in []:
                        data__actions_value = data__actions.get(data__actions_key)
                        data__actions_value_any_of_count19 = 0
                        if not data__actions_value_any_of_count19:
                            try:
                                validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__actions_value, custom_formats, (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()))
                                data__actions_value_any_of_count19 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__actions_value_any_of_count19:
                            try:
                                if not isinstance(data__actions_value, (dict)):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()) + " must be object")
                                data__actions_value_is_dict = isinstance(data__actions_value, dict)
                                if data__actions_value_is_dict:
                                    data__actions_value_keys = set(data__actions_value.keys())
                                    if "if" in data__actions_value_keys:
                                        data__actions_value_keys.remove("if")
                                        data__actions_value__if = data__actions_value["if"]
                                        if not isinstance(data__actions_value__if, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}.if".format(**locals()) + " must be string")
                                    if "label" in data__actions_value_keys:
                                        data__actions_value_keys.remove("label")
                                        data__actions_value__label = data__actions_value["label"]
                                        if not isinstance(data__actions_value__label, (str)):
                                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}.label".format(**locals()) + " must be string")
                                    if "do" in data__actions_value_keys:
                                        data__actions_value_keys.remove("do")
                                        data__actions_value__do = data__actions_value["do"]
                                        validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__actions_value__do, custom_formats, (name_prefix or "data") + ".actions.{data__actions_key}.do".format(**locals()))
                                    if data__actions_value_keys:
                                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()) + " must not contain "+str(data__actions_value_keys)+" properties")
                                data__actions_value_any_of_count19 += 1
                            except (JsonSchemaValueException, JsonSchemaValuesException): pass
                        if not data__actions_value_any_of_count19:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".actions.{data__actions_key}".format(**locals()) + " cannot be validated by any definition")
        if "as" in data_keys:
            data_keys.remove("as")
            data__as = data["as"]
            if not isinstance(data__as, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".as must be string")
            if isinstance(data__as, str):
                if not REGEX_PATTERNS['^[A-Za-z_][A-Za-z0-9_]*$'].search(data__as):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".as must match pattern ^[A-Za-z_][A-Za-z0-9_]*$")
        if "prompt" in data_keys:
            data_keys.remove("prompt")
            data__prompt = data["prompt"]
            if not isinstance(data__prompt, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".prompt must be string")
        if "label" in data_keys:
            data_keys.remove("label")
            data__label = data["label"]
            if not isinstance(data__label, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".label must be string")
        if "then" in data_keys:
            data_keys.remove("then")
            data__then = data["then"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__then, custom_formats, (name_prefix or "data") + ".then")
        if "if_none" in data_keys:
            data_keys.remove("if_none")
            data__ifnone = data["if_none"]
            validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_steps(data__ifnone, custom_formats, (name_prefix or "data") + ".if_none")
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties")
    return data

def validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_expression(data, custom_formats={}, name_prefix=None):
    data_any_of_count20 = 0
    if not data_any_of_count20:
        try:
            if not isinstance(data, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be string")
            data_any_of_count20 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count20:
        try:
            if not isinstance(data, (int)) and not (isinstance(data, float) and data.is_integer()) or isinstance(data, bool):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be integer")
            data_any_of_count20 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count20:
        try:
            if not isinstance(data, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + " must be boolean")
            data_any_of_count20 += 1
        except (JsonSchemaValueException, JsonSchemaValuesException): pass
    if not data_any_of_count20:
        raise JsonSchemaValueException("" + (name_prefix or "data") + " cannot be validated by any definition")
    return data

def validate_https___cardrules_dev_schemas_ruleset_schema_json__definitions_statements(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (str)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be string")
    return data

validate = validate_https___cardrules_dev_schemas_ruleset_schema_json
