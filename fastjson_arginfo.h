/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 0c1b9fbbea875d28cd14e5ec69a774219ca14927 */

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_MASK_EX(arginfo_fastjson_encode, 0, 1, MAY_BE_STRING|MAY_BE_FALSE)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, flags, IS_LONG, 0, "0")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, depth, IS_LONG, 0, "512")
ZEND_END_ARG_INFO()


ZEND_FUNCTION(fastjson_encode);


static const zend_function_entry ext_functions[] = {
	ZEND_FE(fastjson_encode, arginfo_fastjson_encode)
	ZEND_FE_END
};
