/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: cf0425b61efa11f2606fe1fc803e3ce8c2afad0d */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_fastjson_encode, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_fastjson_decode, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, associative, _IS_BOOL, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_fastjson_validate, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, json, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_fastjson_info, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_fastjson_last_error, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_fastjson_last_error_msg, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_fastjson_last_error_info arginfo_fastjson_info

#define arginfo_fastjson_metrics arginfo_fastjson_last_error_msg


ZEND_FUNCTION(fastjson_encode);
ZEND_FUNCTION(fastjson_decode);
ZEND_FUNCTION(fastjson_validate);
ZEND_FUNCTION(fastjson_info);
ZEND_FUNCTION(fastjson_last_error);
ZEND_FUNCTION(fastjson_last_error_msg);
ZEND_FUNCTION(fastjson_last_error_info);
ZEND_FUNCTION(fastjson_metrics);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(fastjson_encode, arginfo_fastjson_encode)
	ZEND_FE(fastjson_decode, arginfo_fastjson_decode)
	ZEND_FE(fastjson_validate, arginfo_fastjson_validate)
	ZEND_FE(fastjson_info, arginfo_fastjson_info)
	ZEND_FE(fastjson_last_error, arginfo_fastjson_last_error)
	ZEND_FE(fastjson_last_error_msg, arginfo_fastjson_last_error_msg)
	ZEND_FE(fastjson_last_error_info, arginfo_fastjson_last_error_info)
	ZEND_FE(fastjson_metrics, arginfo_fastjson_metrics)
	ZEND_FE_END
};
