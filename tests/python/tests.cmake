# The Python package (docs/python.md), when the module cpex._core is built (not in
# sanitizer builds): pytest on the build tree's package (python-api), and `pip install .`
# into a fresh venv reusing this build tree, then cpex from outside the source tree and the
# example notebook executed through the venv's Jupyter kernel (python-pip-install).
if(CPEX_PYTHON_MODULE_BUILT)
  set(cpex_python_env
    "CPEX_BUILD_DIR=${PROJECT_BINARY_DIR}"
    "PYTHONPATH=${PROJECT_BINARY_DIR}/share/cpex/python"
    "PYTHONDONTWRITEBYTECODE=1")
  add_test(NAME python-api
           COMMAND ${Python_EXECUTABLE} -m pytest -q -p no:cacheprovider -o python_files=test_*.py
                   ${CMAKE_CURRENT_SOURCE_DIR}/python)
  add_test(NAME python-pip-install
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/python/pip_install_test.sh
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR} ${Python_EXECUTABLE})
  set_tests_properties(python-api python-pip-install PROPERTIES
                       LABELS python TIMEOUT 600 ENVIRONMENT "${cpex_python_env}")
endif()
